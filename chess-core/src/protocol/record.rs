//! The `13` record of a search: one line per ranked root move (one unless `07 P` asks for
//! more), kept as the search reports them.

use crate::board::Position;
use crate::notation::Writer;
use crate::piece::Move;
use crate::search::{Budget, Progress, ScoreBound, SearchResult, MAX_LINES, MAX_PLY};

/// Between two lines of a `13` reply.
const LINE_SEPARATOR: &[u8] = b" ; ";

/// One ranked line: its numbers and its moves.
#[derive(Clone, Copy, Debug)]
struct Line {
    progress: Progress,
    pv: [Move; MAX_PLY],
    pv_len: usize,
}

impl Line {
    const EMPTY: Line = Line {
        progress: Progress {
            depth: 0,
            seldepth: 0,
            score: 0,
            bound: ScoreBound::Exact,
            nodes: 0,
            time_ms: 0,
            hashfull: 0,
            line: 0,
        },
        pv: [Move::NULL; MAX_PLY],
        pv_len: 0,
    };

    fn new(progress: Progress, pv: &[Move]) -> Line {
        let mut line = Line {
            progress,
            ..Line::EMPTY
        };
        for (slot, &mv) in line.pv.iter_mut().zip(pv) {
            *slot = mv;
            line.pv_len += 1;
        }
        line
    }
}

/// The lines of one search, from the position it started at.
#[derive(Clone, Debug)]
pub(super) struct Record {
    /// The position the search started from, to print the lines in MOVE notation.
    root: Position,
    lines: [Line; MAX_LINES],
    count: usize,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            root: Position::startpos(),
            lines: [Line::EMPTY; MAX_LINES],
            count: 0,
        }
    }
}

impl Record {
    /// Forgets every line.
    pub(super) fn clear(&mut self) {
        self.count = 0;
    }

    /// True before the first line.
    pub(super) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// A line the search reports: it replaces the earlier report of the same rank.
    pub(super) fn note(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        if self.count == 0 {
            self.root.clone_from(root);
        }
        let rank = usize::from(progress.line.max(1)) - 1;
        if let Some(slot) = self.lines.get_mut(rank) {
            *slot = Line::new(*progress, pv);
            self.count = self.count.max(rank + 1);
        }
    }

    /// The record of a finished search: its best line as the result has it (with the final
    /// numbers), then the other lines as last reported.
    pub(super) fn finish(&mut self, result: &SearchResult, root: &Position) {
        if self.count == 0 {
            self.root.clone_from(root);
        }
        let best = Line::new(
            Progress {
                depth: result.depth,
                seldepth: result.seldepth,
                score: result.score,
                nodes: result.nodes,
                time_ms: result.time_ms,
                hashfull: result.hashfull,
                line: if self.count > 1 { 1 } else { 0 },
                bound: ScoreBound::Exact,
            },
            result.pv.get(..result.pv_len).unwrap_or(&[]),
        );
        if let Some(first) = self.lines.first_mut() {
            *first = best;
        }
        self.count = self.count.max(1);
    }

    /// Writes the `13` reply, newline included: each line's record, the nodes and time
    /// replaced by `now` when given (a running search, whose root move `current` the first
    /// record names); the lines separated by ` ; `.
    pub(super) fn write(
        &self,
        now: Option<(u64, u64)>,
        current: Option<(Move, u16)>,
        out: &mut Writer<'_>,
    ) {
        for (i, line) in self.lines.iter().take(self.count).enumerate() {
            if i > 0 {
                out.bytes(LINE_SEPARATOR);
            }
            let mut progress = line.progress;
            if let Some((nodes, time_ms)) = now {
                progress.nodes = progress.nodes.max(nodes);
                progress.time_ms = time_ms;
            }
            let pv = line.pv.get(..line.pv_len).unwrap_or(&[]);
            let current = if i == 0 { current } else { None };
            progress.write_searching(&self.root, pv, current, out);
        }
        out.byte(b'\n');
    }
}

/// The host's budget, with every exact line the search reports also kept in a [`Record`].
pub(super) struct Recorder<'a, 'b> {
    pub(super) host: &'a mut dyn Budget,
    pub(super) record: &'b mut Record,
}

impl Budget for Recorder<'_, '_> {
    fn now_ms(&mut self) -> u64 {
        self.host.now_ms()
    }

    fn interrupted(&mut self) -> bool {
        self.host.interrupted()
    }

    fn stop_requested(&mut self) -> bool {
        self.host.stop_requested()
    }

    fn nodes_searched(&mut self, nodes: u64) {
        self.host.nodes_searched(nodes);
    }

    fn root_move(&mut self, mv: Move, number: u16) {
        self.host.root_move(mv, number);
    }

    fn iteration_done(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        if progress.bound == ScoreBound::Exact {
            self.record.note(progress, root, pv);
        }
        self.host.iteration_done(progress, root, pv);
    }
}
