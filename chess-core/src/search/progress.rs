//! What a search reports while it runs: the numbers and the line of a `13` record.

use super::{MATE, MATE_BOUND};
use crate::board::Position;
use crate::movegen;
use crate::notation::{MoveText, Writer};
use crate::piece::Move;

/// What a score is known to be: exact, or only a bound when an aspiration window failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ScoreBound {
    /// The score itself.
    #[default]
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// How far a search has come: the numbers of a `13` record.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Progress {
    /// The iteration's depth in plies.
    pub depth: u8,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u8,
    /// The score in centipawns for the side to move; mates beyond [`MATE_BOUND`].
    pub score: i32,
    /// Whether `score` is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u16,
    /// Which ranked root line this is, from 1, when a search ranks several (`MultiPV`); 0
    /// for a search of the best move only.
    pub line: u8,
}

impl Progress {
    /// Writes the `13` record: `depth D seldepth S [multipv K] score cp X|mate M
    /// [lowerbound|upperbound] nodes N time T hashfull H [currmove MOVE currmovenumber N] pv
    /// MOVE...`, the principal variation from `root` in MOVE
    /// notation (cut at the first move that is not legal, which a stale table can produce).
    pub fn write(&self, root: &Position, pv: &[Move], out: &mut Writer<'_>) {
        self.write_searching(root, pv, None, out);
    }

    /// [`Progress::write`] for a search that is still running: `current` is the root move it is
    /// on and its number, written as `currmove MOVE currmovenumber N` before the `pv`.
    pub fn write_searching(
        &self,
        root: &Position,
        pv: &[Move],
        current: Option<(Move, u16)>,
        out: &mut Writer<'_>,
    ) {
        out.bytes(b"depth ");
        out.number(u64::from(self.depth));
        out.bytes(b" seldepth ");
        out.number(u64::from(self.seldepth));
        if self.line > 0 {
            out.bytes(b" multipv ");
            out.number(u64::from(self.line));
        }
        out.bytes(b" score ");
        let (kind, value) = if self.score.abs() > MATE_BOUND {
            // Plies to mate, rounded up to moves.
            (&b"mate "[..], (MATE - self.score.abs() + 1) / 2)
        } else {
            (&b"cp "[..], self.score.abs())
        };
        out.bytes(kind);
        if self.score < 0 {
            out.byte(b'-');
        }
        out.number(value.unsigned_abs().into());
        match self.bound {
            ScoreBound::Exact => {}
            ScoreBound::Lower => out.bytes(b" lowerbound"),
            ScoreBound::Upper => out.bytes(b" upperbound"),
        }
        out.bytes(b" nodes ");
        out.number(self.nodes);
        out.bytes(b" time ");
        out.number(self.time_ms);
        out.bytes(b" hashfull ");
        out.number(u64::from(self.hashfull));
        if let Some((mv, number)) =
            current.filter(|(mv, _)| movegen::legal_moves(root).contains(*mv))
        {
            out.bytes(b" currmove ");
            MoveText::describe(root, mv).write(out);
            out.bytes(b" currmovenumber ");
            out.number(u64::from(number));
        }
        out.bytes(b" pv");
        let mut pos = *root;
        for &mv in pv {
            if !movegen::legal_moves(&pos).contains(mv) {
                break;
            }
            out.byte(b' ');
            MoveText::describe(&pos, mv).write(out);
            let _ = pos.make(mv);
        }
    }
}
