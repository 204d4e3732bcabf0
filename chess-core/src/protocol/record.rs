//! The `13` record of a search: one line per ranked root move (one unless `07 P` asks for
//! more), kept as the search reports them.

use crate::board::Position;
use crate::notation::Writer;
use crate::piece::Move;
use crate::search::{Budget, Progress, ScoreBound, SearchResult, MAX_LINES, MAX_PLY};

/// Between two lines of a `13` reply.
const LINE_SEPARATOR: &[u8] = b" ; ";

/// One ranked line of a `13` record: its numbers and its moves. A device keeps
/// [`RECORD_LINES`] of them in memory its host supplies ([`super::Context::records`]).
#[derive(Clone, Copy, Debug)]
pub struct RecordLine {
    progress: Progress,
    pv: [Move; MAX_PLY],
    pv_len: usize,
}

/// How many [`RecordLine`]s a device needs: the last search's record and the running one's.
pub const RECORD_LINES: usize = 2 * MAX_LINES;

impl RecordLine {
    /// No line.
    pub const EMPTY: RecordLine = RecordLine {
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

    fn new(progress: Progress, pv: &[Move]) -> RecordLine {
        let mut line = RecordLine {
            progress,
            ..RecordLine::EMPTY
        };
        for (slot, &mv) in line.pv.iter_mut().zip(pv) {
            *slot = mv;
            line.pv_len += 1;
        }
        line
    }
}

/// The lines of one search, in storage `S` (an array of the watch's, or a part of the host's
/// memory for the device). The position they start from is kept by the owner.
#[derive(Clone, Debug)]
pub(super) struct Record<S> {
    pub(super) lines: S,
    pub(super) count: usize,
}

impl Default for Record<[RecordLine; MAX_LINES]> {
    fn default() -> Self {
        Record {
            lines: [RecordLine::EMPTY; MAX_LINES],
            count: 0,
        }
    }
}

impl<S: AsRef<[RecordLine]>> Record<S> {
    /// True before the first line.
    pub(super) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Writes the `13` reply from `root`, newline included: each line's record, the nodes and
    /// time replaced by `now` when given (a running search, whose root move `current` the
    /// first record names); the lines separated by ` ; `.
    pub(super) fn write(
        &self,
        root: &Position,
        now: Option<(u64, u64)>,
        current: Option<(Move, u16)>,
        out: &mut Writer<'_>,
    ) {
        for (i, line) in self.lines.as_ref().iter().take(self.count).enumerate() {
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
            progress.write_searching(root, pv, current, out);
        }
        out.byte(b'\n');
    }
}

impl<S: AsRef<[RecordLine]> + AsMut<[RecordLine]>> Record<S> {
    /// Forgets every line.
    pub(super) fn clear(&mut self) {
        self.count = 0;
    }

    /// A line the search reports: it replaces the earlier report of the same rank. A failed
    /// low window proves no move (its PV is empty), so the line keeps the PV it had.
    pub(super) fn note(&mut self, progress: &Progress, pv: &[Move]) {
        let rank = usize::from(progress.line.max(1)) - 1;
        let reported = rank < self.count;
        if let Some(slot) = self.lines.as_mut().get_mut(rank) {
            if pv.is_empty() && reported {
                slot.progress = *progress;
            } else {
                *slot = RecordLine::new(*progress, pv);
            }
            self.count = self.count.max(rank + 1);
        }
    }

    /// The record of a finished search: its best line as the result has it (with the final
    /// numbers), then the other lines as last reported.
    pub(super) fn finish(&mut self, result: &SearchResult) {
        let best = RecordLine::new(
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
        if let Some(first) = self.lines.as_mut().first_mut() {
            *first = best;
            self.count = self.count.max(1);
        }
    }
}

/// The host's budget, with every exact line the search reports also kept in a [`Record`].
pub(super) struct Recorder<'a, 'b, 'c> {
    pub(super) host: &'a mut dyn Budget,
    pub(super) record: &'b mut Record<&'c mut [RecordLine]>,
}

impl Budget for Recorder<'_, '_, '_> {
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
            self.record.note(progress, pv);
        }
        self.host.iteration_done(progress, root, pv);
    }
}
