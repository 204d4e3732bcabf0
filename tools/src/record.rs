//! The `13` search record, read once: `depth D seldepth S score cp X|mate M
//! [lowerbound|upperbound] nodes N time T hashfull H pv MOVE...` (written by the core's
//! `Progress::write`).

use std::str::FromStr;

use chess_core::notation::MoveText;
use chess_core::search::ScoreBound;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

/// A search's progress or result, as `13` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRecord {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Which ranked root line this is, from 1, when the device ranks several (`07 P`).
    pub multipv: Option<u32>,
    /// The score.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// While the search runs: the root move it is on and that move's number in the iteration.
    pub currmove: Option<(MoveText, u32)>,
    /// The principal variation from the searched position.
    pub pv: Vec<MoveText>,
}

/// A `13` reply that is not a search record.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("cannot read the search record {text:?}: {problem}")]
pub struct RecordError {
    /// The reply, without its newline.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

/// The words of a record, read in order.
struct Words<'a> {
    text: &'a str,
    words: std::str::Split<'a, char>,
}

impl<'a> Words<'a> {
    fn error(&self, problem: String) -> RecordError {
        RecordError {
            text: self.text.to_string(),
            problem,
        }
    }

    fn next(&mut self, wanted: &str) -> Result<&'a str, RecordError> {
        self.words
            .next()
            .ok_or_else(|| self.error(format!("it ends where {wanted} should be")))
    }

    fn keyword(&mut self, name: &str) -> Result<(), RecordError> {
        match self.next(name)? {
            w if w == name => Ok(()),
            w => Err(self.error(format!("expected {name}, found {w:?}"))),
        }
    }

    fn number<T: FromStr>(&mut self, name: &str) -> Result<T, RecordError> {
        let w = self.next(name)?;
        w.parse()
            .map_err(|_| self.error(format!("{name} is not a number: {w:?}")))
    }

    fn field<T: FromStr>(&mut self, name: &str) -> Result<T, RecordError> {
        self.keyword(name)?;
        self.number(name)
    }
}

/// Between the ranked lines of one `13` reply (`07 P`).
const LINE_SEPARATOR: &str = " ; ";

impl SearchRecord {
    /// Reads every ranked line of a `13` reply (with or without its newline); empty for the
    /// empty line that says no search ran this game.
    pub fn parse_all(reply: &str) -> Result<Vec<SearchRecord>, RecordError> {
        let text = reply.strip_suffix('\n').unwrap_or(reply);
        if text.is_empty() {
            return Ok(Vec::new());
        }
        text.split(LINE_SEPARATOR)
            .filter_map(|line| SearchRecord::parse(line).transpose())
            .collect()
    }

    /// Reads the first (best) line of a `13` reply (with or without its newline); `None` for
    /// the empty line that says no search ran this game.
    pub fn parse(reply: &str) -> Result<Option<SearchRecord>, RecordError> {
        let text = reply.strip_suffix('\n').unwrap_or(reply);
        let text = text.split(LINE_SEPARATOR).next().unwrap_or(text);
        if text.is_empty() {
            return Ok(None);
        }
        let mut w = Words {
            text,
            words: text.split(' '),
        };
        let depth = w.field("depth")?;
        let seldepth = w.field("seldepth")?;
        let multipv = match w.next("score")? {
            "multipv" => {
                let k = w.number("multipv")?;
                w.keyword("score")?;
                Some(k)
            }
            "score" => None,
            other => return Err(w.error(format!("expected score, found {other:?}"))),
        };
        let score = match w.next("cp or mate")? {
            "cp" => Score::Cp(w.number("the score")?),
            "mate" => Score::Mate(w.number("the score")?),
            kind => return Err(w.error(format!("unknown score kind {kind:?}"))),
        };
        let (bound, nodes) = match w.next("nodes")? {
            "lowerbound" => (ScoreBound::Lower, w.field("nodes")?),
            "upperbound" => (ScoreBound::Upper, w.field("nodes")?),
            "nodes" => (ScoreBound::Exact, w.number("nodes")?),
            other => return Err(w.error(format!("expected nodes, found {other:?}"))),
        };
        let time_ms = w.field("time")?;
        let hashfull = w.field("hashfull")?;
        let currmove = match w.next("pv")? {
            "currmove" => {
                let text = w.next("the current move")?;
                let mv = MoveText::parse(text.as_bytes())
                    .map_err(|_| w.error(format!("currmove {text:?} is not a move")))?;
                Some((mv, w.field("currmovenumber")?))
            }
            "pv" => None,
            other => return Err(w.error(format!("expected pv, found {other:?}"))),
        };
        if currmove.is_some() {
            w.keyword("pv")?;
        }
        let pv = w
            .words
            .by_ref()
            .map(|m| MoveText::parse(m.as_bytes()).map_err(|_| m))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| w.error(format!("{m:?} in the pv is not a move")))?;
        Ok(Some(SearchRecord {
            depth,
            seldepth,
            multipv,
            score,
            bound,
            nodes,
            time_ms,
            hashfull,
            currmove,
            pv,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> SearchRecord {
        SearchRecord::parse(text).unwrap().unwrap()
    }

    fn mv(text: &str) -> MoveText {
        MoveText::parse(text.as_bytes()).unwrap()
    }

    #[test]
    fn a_full_record() {
        let r = parse(
            "depth 9 seldepth 14 score cp -25 nodes 38912 time 10 hashfull 3 pv WPe2-e4 \
             BPe7-e5\n",
        );
        assert_eq!(
            r,
            SearchRecord {
                depth: 9,
                seldepth: 14,
                multipv: None,
                score: Score::Cp(-25),
                bound: ScoreBound::Exact,
                nodes: 38912,
                time_ms: 10,
                hashfull: 3,
                currmove: None,
                pv: vec![mv("WPe2-e4"), mv("BPe7-e5")],
            }
        );
    }

    #[test]
    fn every_ranked_line() {
        let all = SearchRecord::parse_all(
            "depth 2 seldepth 3 multipv 1 score cp 9 nodes 50 time 0 hashfull 0 pv WNg1-f3 ; \
             depth 2 seldepth 2 multipv 2 score cp 4 nodes 60 time 0 hashfull 0 pv WPe2-e4\n",
        )
        .unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            (all[0].multipv, &all[0].pv),
            (Some(1), &vec![mv("WNg1-f3")])
        );
        assert_eq!(
            (all[1].multipv, &all[1].pv),
            (Some(2), &vec![mv("WPe2-e4")])
        );
        assert_eq!(SearchRecord::parse_all("\n").unwrap(), vec![]);
    }

    #[test]
    fn the_move_being_searched() {
        let r = parse(
            "depth 7 seldepth 9 score cp 3 nodes 5000 time 9 hashfull 1 currmove WNg1-f3 \
             currmovenumber 4 pv WPe2-e4",
        );
        assert_eq!(r.currmove, Some((mv("WNg1-f3"), 4)));
        assert_eq!(r.pv, vec![mv("WPe2-e4")]);
        let cut = "depth 7 seldepth 9 score cp 3 nodes 5 time 9 hashfull 1 currmove WNg1-f3 pv";
        assert!(SearchRecord::parse(cut).is_err());
    }

    #[test]
    fn a_ranked_line() {
        let r = parse("depth 4 seldepth 6 multipv 2 score cp 12 nodes 90 time 1 hashfull 0 pv");
        assert_eq!((r.depth, r.multipv, r.score), (4, Some(2), Score::Cp(12)));
        assert!(SearchRecord::parse("depth 4 seldepth 6 multipv score cp 1").is_err());
    }

    #[test]
    fn mates_bounds_and_an_empty_pv() {
        let r = parse("depth 5 seldepth 5 score mate -2 lowerbound nodes 900 time 3 hashfull 0 pv");
        assert_eq!(r.score, Score::Mate(-2));
        assert_eq!(r.bound, ScoreBound::Lower);
        assert_eq!(r.nodes, 900);
        assert!(r.pv.is_empty());
        let r = parse("depth 1 seldepth 2 score cp 0 upperbound nodes 1 time 0 hashfull 1000 pv");
        assert_eq!(r.bound, ScoreBound::Upper);
        assert_eq!(r.hashfull, 1000);
    }

    #[test]
    fn no_search_is_none() {
        assert_eq!(SearchRecord::parse("\n"), Ok(None));
        assert_eq!(SearchRecord::parse(""), Ok(None));
    }

    #[test]
    fn malformed_records_say_what_is_wrong() {
        let e = SearchRecord::parse("depth 9 score cp 25 nodes 1 time 0 pv").unwrap_err();
        assert_eq!(e.problem, "expected seldepth, found \"score\"");
        let e = SearchRecord::parse("depth 9 seldepth 9 score wdl 25").unwrap_err();
        assert_eq!(e.problem, "unknown score kind \"wdl\"");
        let e = SearchRecord::parse("depth 9 seldepth x").unwrap_err();
        assert_eq!(e.problem, "seldepth is not a number: \"x\"");
        let e = SearchRecord::parse("depth 9 seldepth 9 score cp 1 nodes 1 time 0 hashfull 0")
            .unwrap_err();
        assert_eq!(e.problem, "it ends where pv should be");
        let e =
            SearchRecord::parse("depth 1 seldepth 1 score cp 1 nodes 1 time 0 hashfull 0 pv e2e4")
                .unwrap_err();
        assert_eq!(e.problem, "\"e2e4\" in the pv is not a move");
        assert_eq!(
            e.to_string(),
            "cannot read the search record \"depth 1 seldepth 1 score cp 1 nodes 1 time 0 \
             hashfull 0 pv e2e4\": \"e2e4\" in the pv is not a move"
        );
    }
}
