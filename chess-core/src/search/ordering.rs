//! Move ordering: the order in which a node tries its moves (the table's move, captures by
//! MVV-LVA checked by static exchange evaluation, killers, history), and what a cutoff teaches
//! the killers and the history.

use super::continuation::{self, Moved, PLIES_BACK};
use super::{reduction, Searcher, LMR_HISTORY_DIVISOR};
use crate::attacks::{self, Bitboard, Squares};
use crate::board::{en_passant_victim, Board, Position};
use crate::eval::{pawn_attacks, PIECE_VALUE};
use crate::game::HistoryStore;
use crate::piece::{Color, Move, PieceKind, PIECES_PER_SIDE};

// Move ordering bands: each band outranks every score of the bands below it.
/// The transposition table's move.
const ORDER_HASH_MOVE: i32 = 2_000_000;
/// Captures and promotions that do not lose material (plus their MVV-LVA score).
const ORDER_GOOD_CAPTURE: i32 = 1_000_000;
/// The first and second killer moves.
const ORDER_KILLER: [i32; KILLERS] = [900_000, 800_000];
/// How many killer moves a ply remembers.
pub(super) const KILLERS: usize = 2;
/// Captures that lose material (plus their MVV-LVA score): after every quiet move.
const ORDER_BAD_CAPTURE: i32 = -1_000_000;
/// MVV-LVA: the victim's value counts this many times more than the attacker's rank.
const MVV_WEIGHT: i32 = 16;

/// A cutoff earns its quiet move this much history per ply of depth squared...
const HISTORY_BONUS_SCALE: i32 = 32;
/// ...and at most this much.
const HISTORY_BONUS_MAX: i32 = 1_536;

/// A quiet move that takes a piece out of a lesser enemy piece's attack (to a square no lesser
/// piece attacks) is ordered this much higher, by the kind of the piece; one that puts a piece
/// not attacked so into such an attack, this much lower. By kind: none for pawns and the king.
const ORDER_THREAT: [i32; PieceKind::COUNT] = [0, 6_000, 6_000, 8_000, 12_000, 0];
/// A quiet move that gives check from its target square is ordered this much higher.
const ORDER_QUIET_CHECK: i32 = 8_000;

/// The static exchange on one square has at most one capture per piece on the board, plus the
/// move itself and a final entry.
const SEE_SWAP_LIST: usize = Color::COUNT * PIECES_PER_SIDE + 2;

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// Orders the frame's moves: hash move, winning captures by MVV-LVA, killers, then the
    /// quiet moves by history, continuation history and threats.
    #[inline(never)]
    pub(super) fn score_moves(&mut self, ply: usize, tt_move: Move) {
        let side = self.pos.side_to_move();
        let prev = self.prev_moved(ply);
        let Some(frame) = self.mem.frames.get_mut(ply) else {
            return;
        };
        let b = self.pos.board();
        let killers = frame.killers;
        let len = frame.moves.len();
        // Made at the first quiet move: quiescence and ProbCut order captures alone.
        let mut threats = None;
        for i in 0..len {
            let Some(&mv) = frame.moves.as_slice().get(i) else {
                break;
            };
            let attacker = b.kind_at(mv.from()).unwrap_or(PieceKind::Pawn);
            let score = if mv == tt_move {
                ORDER_HASH_MOVE
            } else if mv.is_capture() || mv.promotion_kind().is_some() {
                let victim = if mv.is_en_passant() {
                    PIECE_VALUE[PieceKind::Pawn.index()]
                } else {
                    b.kind_at(mv.to()).map_or(0, |k| PIECE_VALUE[k.index()])
                };
                let promo = mv.promotion_kind().map_or(0, |k| PIECE_VALUE[k.index()]);
                let mvv_lva = (victim + promo) * MVV_WEIGHT - attacker.index() as i32;
                // Captures that lose material go after the quiet moves.
                if victim < PIECE_VALUE[attacker.index()] && see(&self.pos, mv) < 0 {
                    ORDER_BAD_CAPTURE + mvv_lva
                } else {
                    ORDER_GOOD_CAPTURE + mvv_lva
                }
            } else if mv == killers[0] {
                ORDER_KILLER[0]
            } else if mv == killers[1] {
                ORDER_KILLER[1]
            } else {
                let threats = threats.get_or_insert_with(|| Threats::of(b, side.other()));
                self.mem.history.get(side, attacker, mv.to())
                    + continuation::get(self.mem.continuation, prev, attacker, mv.to())
                    + threats.order(attacker, mv)
            };
            if let Some(s) = frame.scores.get_mut(i) {
                *s = score;
            }
        }
    }

    /// The ordering score of the move at position `i` of a ply's list.
    pub(super) fn score_of(&self, ply: usize, i: usize) -> i32 {
        self.mem
            .frames
            .get(ply)
            .and_then(|f| f.scores.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// Moves the best-scored remaining move to position `i` and returns it.
    #[inline(never)]
    pub(super) fn pick(&mut self, ply: usize, i: usize) -> Option<Move> {
        let frame = self.mem.frames.get_mut(ply)?;
        let len = frame.moves.len();
        if i >= len {
            return None;
        }
        // The first of the highest scores from `i` on.
        let rest = frame.scores.get(i..len)?;
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (j, &s) in rest.iter().enumerate() {
            if s > best_score {
                best = j;
                best_score = s;
            }
        }
        let best = i + best;
        frame.scores.swap(i, best);
        frame.moves.as_mut_slice().swap(i, best);
        frame.moves.as_slice().get(i).copied()
    }

    /// Drops the quiet moves from position `from` of a ply's list on, keeping the others (and
    /// their scores) in their order: once the pruning of late quiet moves applies at a node, it
    /// applies to every later one, and picking them only to pass over them costs a scan each.
    #[inline(never)]
    pub(super) fn drop_quiets(&mut self, ply: usize, from: usize) {
        let Some(frame) = self.mem.frames.get_mut(ply) else {
            return;
        };
        let len = frame.moves.len();
        let mut kept = from;
        for j in from..len {
            let (Some(&mv), Some(&score)) = (frame.moves.as_slice().get(j), frame.scores.get(j))
            else {
                break;
            };
            if !mv.is_quiet() {
                if let (Some(m), Some(s)) = (
                    frame.moves.as_mut_slice().get_mut(kept),
                    frame.scores.get_mut(kept),
                ) {
                    *m = mv;
                    *s = score;
                }
                kept += 1;
            }
        }
        frame.moves.truncate(kept);
    }

    /// A quiet move caused a beta cutoff at `ply` (taken back: its piece is on its square
    /// again): it becomes the first killer and gains history and continuation history (as an
    /// answer to the move before); the `tried` quiet moves searched before it lose as much.
    #[inline(never)]
    pub(super) fn reward_quiet(&mut self, ply: usize, mv: Move, depth: i32, tried: usize) {
        let side = self.pos.side_to_move();
        let kind = self
            .pos
            .board()
            .kind_at(mv.from())
            .unwrap_or(PieceKind::Pawn);
        if let Some(f) = self.frame(ply) {
            if f.killers[0] != mv {
                f.killers[1] = f.killers[0];
                f.killers[0] = mv;
            }
        }
        let bonus = (HISTORY_BONUS_SCALE * depth * depth).min(HISTORY_BONUS_MAX);
        let prev = self.prev_moved(ply);
        self.mem.history.update(side, kind, mv.to(), bonus);
        continuation::update(self.mem.continuation, prev, kind, mv.to(), bonus);
        self.penalise_quiets(ply, tried, (side, prev), -bonus);
    }

    /// The moves the continuation history of the node at `ply` answers: the one played at the
    /// ply before, then the one two plies before ([`Moved::NONE`] before the root and for a
    /// null move).
    fn prev_moved(&self, ply: usize) -> [Moved; PLIES_BACK] {
        let mut prev = [Moved::NONE; PLIES_BACK];
        for (back, p) in prev.iter_mut().enumerate() {
            if let Some(f) = ply
                .checked_sub(back + 1)
                .and_then(|i| self.mem.frames.get(i))
            {
                *p = f.moved;
            }
        }
        prev
    }

    /// The reduction of the late quiet move `mv`, just made at `ply` (its piece on its target
    /// square), the `index`th of a node `depth` plies deep: by depth and index, a ply less in
    /// the PV, for a killer and for a check, and shifted a ply per [`LMR_HISTORY_DIVISOR`] of
    /// history and continuation history together;
    /// within 0 and `depth - 2`. (Out of line: the history lookup stays out of the recursion's
    /// frame.)
    #[inline(never)]
    pub(super) fn late_move_reduction(
        &mut self,
        ply: usize,
        mv: Move,
        depth: i32,
        index: usize,
        pv_node: bool,
    ) -> i32 {
        let side = self.pos.side_to_move().other();
        let kind = self.pos.board().kind_at(mv.to()).unwrap_or(PieceKind::Pawn);
        let killer = self
            .mem
            .frames
            .get(ply)
            .is_some_and(|f| f.killers.contains(&mv));
        let prev = self.prev_moved(ply);
        let history = self.mem.history.get(side, kind, mv.to())
            + continuation::get(self.mem.continuation, prev, kind, mv.to());
        let r = reduction(depth, index)
            - i32::from(pv_node)
            - i32::from(killer)
            - i32::from(self.pos.in_check())
            - history / LMR_HISTORY_DIVISOR;
        r.clamp(0, depth - 2)
    }

    /// Lowers the history of the quiet moves tried before position `upto` of a ply's list, and
    /// their continuation history as answers to `mover`'s move before (`mover`: the side to
    /// move and that move).
    #[inline(never)]
    fn penalise_quiets(
        &mut self,
        ply: usize,
        upto: usize,
        mover: (Color, [Moved; PLIES_BACK]),
        malus: i32,
    ) {
        let (side, prev) = mover;
        for i in 0..upto {
            let Some(&mv) = self
                .mem
                .frames
                .get(ply)
                .and_then(|f| f.moves.as_slice().get(i))
            else {
                break;
            };
            if mv.is_quiet() {
                let kind = self
                    .pos
                    .board()
                    .kind_at(mv.from())
                    .unwrap_or(PieceKind::Pawn);
                self.mem.history.update(side, kind, mv.to(), malus);
                continuation::update(self.mem.continuation, prev, kind, mv.to(), malus);
            }
        }
    }
}

/// By the kind of each of our pieces: the squares where the side not to move attacks it with a
/// lesser piece (a minor piece: pawns; a rook: pawns or minor pieces; a queen: pawns, minor
/// pieces or rooks; none for a pawn or the king), and the squares from which it would check
/// their king.
struct Threats {
    danger: [Bitboard; PieceKind::COUNT],
    checks: [Bitboard; PieceKind::COUNT],
}

impl Threats {
    fn of(b: &Board, them: Color) -> Threats {
        let occ = b.occupied();
        let by_pawn = pawn_attacks(them, b.pieces_bb(them, PieceKind::Pawn));
        let mut by_minor = by_pawn;
        for sq in Squares(b.pieces_bb(them, PieceKind::Knight)) {
            by_minor |= attacks::knight(sq);
        }
        for sq in Squares(b.pieces_bb(them, PieceKind::Bishop)) {
            by_minor |= attacks::bishop(sq, occ);
        }
        let mut by_rook = by_minor;
        for sq in Squares(b.pieces_bb(them, PieceKind::Rook)) {
            by_rook |= attacks::rook(sq, occ);
        }
        let king = b.king_square(them);
        let (diagonal, straight) = (attacks::bishop(king, occ), attacks::rook(king, occ));
        Threats {
            danger: [0, by_pawn, by_pawn, by_minor, by_rook, 0],
            checks: [
                attacks::pawn(them, king),
                attacks::knight(king),
                diagonal,
                straight,
                diagonal | straight,
                0,
            ],
        }
    }

    /// What the threats add to the order of the quiet move `mv` of a piece of `kind`:
    /// [`ORDER_THREAT`] for an escape, minus it for a move into a lesser piece's attack, and
    /// [`ORDER_QUIET_CHECK`] for a check from its target square.
    fn order(&self, kind: PieceKind, mv: Move) -> i32 {
        let (danger, checks) = (self.danger[kind.index()], self.checks[kind.index()]);
        let value = ORDER_THREAT[kind.index()];
        let escape = match (danger & mv.from().bit() != 0, danger & mv.to().bit() != 0) {
            (true, false) => value,
            (false, true) => -value,
            _ => 0,
        };
        escape
            + if checks & mv.to().bit() != 0 {
                ORDER_QUIET_CHECK
            } else {
                0
            }
    }
}

/// Static exchange evaluation: the material balance, for the side making `mv`, of the
/// sequence of captures on its target square when both sides always recapture with their
/// least valuable piece and may stop when it pays.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let b = pos.board();
    let (from, to) = (mv.from(), mv.to());
    let value = |k: PieceKind| PIECE_VALUE[k.index()];
    let Some(mut attacker) = b.kind_at(from) else {
        return 0;
    };
    let mut occ = b.occupied() ^ from.bit();
    let mut gain = [0i32; SEE_SWAP_LIST];
    gain[0] = if mv.is_en_passant() {
        occ ^= en_passant_victim(to, pos.side_to_move()).bit();
        value(PieceKind::Pawn)
    } else {
        b.kind_at(to).map_or(0, value)
    };
    if let Some(promo) = mv.promotion_kind() {
        gain[0] += value(promo) - value(PieceKind::Pawn);
        attacker = promo;
    }
    let mut side = pos.side_to_move();
    let mut depth = 0;
    loop {
        side = side.other();
        let attackers = b.attackers(to, occ) & occ & b.color_bb(side);
        let Some(kind) = PieceKind::ALL
            .into_iter()
            .find(|&k| attackers & b.kind_bb(k) != 0)
        else {
            break;
        };
        if depth + 1 >= gain.len() {
            break;
        }
        depth += 1;
        // This side takes the piece that just captured.
        gain[depth] = value(attacker) - gain[depth - 1];
        if gain[depth].max(-gain[depth - 1]) < 0 {
            break;
        }
        let sq = crate::attacks::first(attackers & b.kind_bb(kind));
        occ ^= sq.bit();
        attacker = kind;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}
