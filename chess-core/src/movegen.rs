//! Legal move generation: every piece, castling, en passant, promotion, check and pins.
//!
//! Moves are generated legal from the start (check evasion masks and pin rays), so no move needs
//! to be made and tested afterwards.

use crate::attacks::{self, Bitboard, Direction, Squares, EAST, WEST};
use crate::board::{en_passant_victim, Position};
use crate::piece::{CastlingSide, Color, Move, MoveFlag, PieceKind, Rank, Square};

/// The most legal moves a position reachable from the initial one can have (Petrović's 1964
/// composition has them; in 2024 it was proven that no reachable position has more).
pub const MAX_LEGAL_MOVES: usize = 218;

/// A [`MoveList`]'s capacity: every reachable position's moves fit.
pub const MAX_MOVES: usize = 256;

const _: () = assert!(MAX_MOVES >= MAX_LEGAL_MOVES);

/// A fixed-capacity list of moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. The contract: the list is not full ([`MAX_MOVES`] holds every legal
    /// move of a reachable position). Debug builds assert it; a release build drops the move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES, "MoveList::push: the list is full");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps the first `len` moves (all of them when there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The moves, mutably (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        self.moves.get_mut(..self.len).unwrap_or(&mut [])
    }

    /// True when `mv` is in the list.
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let Some(&mv) = self.moves.get(i) else { break };
            if keep(mv) {
                if let Some(slot) = self.moves.get_mut(kept) {
                    *slot = mv;
                }
                kept += 1;
            }
        }
        self.len = kept;
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenType {
    /// All legal moves.
    All,
    /// Captures and queen promotions only (for quiescence); all evasions when in check.
    Tactical,
}

/// What every part of the generator needs to know about the position.
struct Context<'a> {
    pos: &'a Position,
    gen: GenType,
    us: Color,
    them: Color,
    occupied: Bitboard,
    own: Bitboard,
    enemy: Bitboard,
    king: Square,
    checkers: Bitboard,
}

impl<'a> Context<'a> {
    #[inline(always)]
    fn new(pos: &'a Position, gen: GenType) -> Context<'a> {
        let b = pos.board();
        let us = pos.side_to_move();
        let them = us.other();
        let occupied = b.occupied();
        let enemy = b.color_bb(them);
        let king = b.king_square(us);
        let checkers = b.attackers(king, occupied) & enemy;
        Context {
            pos,
            // Every evasion matters when in check, quiet blocks and minor promotions included.
            gen: if checkers != 0 { GenType::All } else { gen },
            us,
            them,
            occupied,
            own: b.color_bb(us),
            enemy,
            king,
            checkers,
        }
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    #[inline(always)]
    fn in_double_check(&self) -> bool {
        self.checkers & self.checkers.wrapping_sub(1) != 0
    }

    /// True when quiet moves are wanted (all moves, or evasions).
    #[inline(always)]
    fn quiet_moves(&self) -> bool {
        self.gen == GenType::All
    }

    /// The enemy's bishop-like and rook-like sliders (queens in both).
    #[inline(always)]
    fn enemy_sliders(&self) -> (Bitboard, Bitboard) {
        let b = self.pos.board();
        let queens = b.kind_bb(PieceKind::Queen);
        (
            (b.kind_bb(PieceKind::Bishop) | queens) & self.enemy,
            (b.kind_bb(PieceKind::Rook) | queens) & self.enemy,
        )
    }
}

/// Appends the legal moves of the side to move (of the kind `gen` asks for) to `list`.
#[inline(never)]
pub fn generate(pos: &Position, gen: GenType, list: &mut MoveList) {
    let mut moves = Moves {
        moves: &mut list.moves,
        len: list.len,
    };
    generate_into(&Context::new(pos, gen), &mut moves);
    list.len = moves.len;
}

/// The moves of [`generate`], appended to `list`.
#[inline(always)]
fn generate_into(cx: &Context<'_>, list: &mut Moves<'_>) {
    king_moves(cx, list);
    if cx.in_double_check() {
        return; // only the king can answer two checks
    }
    let target = check_mask(cx);
    let pinned = pinned(cx);
    pawn_moves(cx, target, pinned, list);
    en_passant_moves(cx, list);
    piece_moves(cx, target, pinned, list);
    castling_moves(cx, list);
}

/// A [`MoveList`] being filled: its length apart from its array, so that the generator keeps
/// it in a register rather than storing it after every move.
struct Moves<'a> {
    moves: &'a mut [Move; MAX_MOVES],
    len: usize,
}

impl Moves<'_> {
    /// [`MoveList::push`].
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES, "MoveList::push: the list is full");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

/// King moves: the king must not stay on a line it is attacked along, so it is taken out of the
/// occupancy when its destinations are tested.
#[inline(always)]
fn king_moves(cx: &Context<'_>, list: &mut Moves<'_>) {
    let b = cx.pos.board();
    let targets = if cx.quiet_moves() { !cx.own } else { cx.enemy };
    let occupied = cx.occupied ^ cx.king.bit();
    for to in Squares(attacks::king(cx.king) & targets) {
        if !b.is_attacked_with(to, cx.them, occupied) {
            list.push(Move::new(cx.king, to, capture_flag(cx, to)));
        }
    }
}

/// Where pieces other than the king may go: anywhere but onto their own pieces (only captures
/// for tactical generation), and in check only onto the checker or between it and the king.
#[inline(always)]
fn check_mask(cx: &Context<'_>) -> Bitboard {
    let targets = if cx.quiet_moves() { !cx.own } else { cx.enemy };
    if cx.in_check() {
        let checker = attacks::first(cx.checkers);
        (attacks::between(cx.king, checker) | cx.checkers) & targets
    } else {
        targets
    }
}

/// Our pieces pinned to our king: an enemy slider on a line with the king and exactly one of our
/// pieces between them. A pinned piece may move only along [`attacks::line`] through the king.
#[inline(always)]
fn pinned(cx: &Context<'_>) -> Bitboard {
    let (diagonal, orthogonal) = cx.enemy_sliders();
    let snipers =
        (attacks::rook(cx.king, 0) & orthogonal) | (attacks::bishop(cx.king, 0) & diagonal);
    let mut pinned = 0;
    for sniper in Squares(snipers) {
        let blockers = attacks::between(cx.king, sniper) & cx.occupied;
        if blockers & blockers.wrapping_sub(1) == 0 && blockers & cx.own != 0 {
            pinned |= blockers;
        }
    }
    pinned
}

/// Pawn pushes, captures and promotions (en passant aside): the unpinned pawns all at once,
/// each pinned one along its pin line.
#[inline(always)]
fn pawn_moves(cx: &Context<'_>, target: Bitboard, pinned: Bitboard, list: &mut Moves<'_>) {
    let pawns = cx.pos.board().pieces_bb(cx.us, PieceKind::Pawn);
    let last_rank = Rank::Eighth.relative_to(cx.us).bitboard();
    // In quiescence, quiet promotions count as tactical: let them through the target mask.
    let target = if cx.quiet_moves() {
        target
    } else {
        target | (!cx.occupied & last_rank)
    };
    pawn_set_moves(cx, pawns & !pinned, target, list);
    for sq in Squares(pawns & pinned) {
        pawn_set_moves(cx, sq.bit(), target & attacks::line(cx.king, sq), list);
    }
}

/// The moves of a set of pawns (all of one pin class) restricted to `allowed` targets.
#[inline]
fn pawn_set_moves(cx: &Context<'_>, pawns: Bitboard, allowed: Bitboard, list: &mut Moves<'_>) {
    // One copy per colour, so that every direction and rank below is a constant.
    match cx.us {
        Color::White => pawn_set_moves_of(cx, Color::White, pawns, allowed, list),
        Color::Black => pawn_set_moves_of(cx, Color::Black, pawns, allowed, list),
    }
}

#[inline(always)]
fn pawn_set_moves_of(
    cx: &Context<'_>,
    us: Color,
    pawns: Bitboard,
    allowed: Bitboard,
    list: &mut Moves<'_>,
) {
    let up = attacks::forward(us);
    let (up_west, up_east) = (up + WEST, up + EAST);
    let last_rank = Rank::Eighth.relative_to(us).bitboard();
    let double_push_rank = Rank::Third.relative_to(us).bitboard();

    let west = attacks::shift(pawns, up_west) & cx.enemy & allowed;
    let east = attacks::shift(pawns, up_east) & cx.enemy & allowed;
    push_promotions(list, west & last_rank, up_west, true, cx.gen);
    push_promotions(list, east & last_rank, up_east, true, cx.gen);
    push_targets(list, west & !last_rank, up_west, MoveFlag::Capture);
    push_targets(list, east & !last_rank, up_east, MoveFlag::Capture);

    let empty = !cx.occupied;
    let single = attacks::shift(pawns, up) & empty;
    let double = attacks::shift(single & double_push_rank, up) & empty & allowed;
    let single = single & allowed;
    push_promotions(list, single & last_rank, up, false, cx.gen);
    if cx.quiet_moves() {
        push_targets(list, single & !last_rank, up, MoveFlag::Quiet);
        push_targets(list, double, up + up, MoveFlag::DoublePush);
    }
}

/// En passant: it answers a check only when the checker is the pawn it takes, and it must not
/// expose the king along the rank both pawns leave (or a diagonal through the victim).
#[inline(always)]
fn en_passant_moves(cx: &Context<'_>, list: &mut Moves<'_>) {
    let Some(ep) = cx.pos.ep_square() else {
        return;
    };
    let victim = en_passant_victim(ep, cx.us);
    if cx.in_check() && cx.checkers != victim.bit() {
        return;
    }
    let pawns = cx.pos.board().pieces_bb(cx.us, PieceKind::Pawn);
    for from in Squares(attacks::pawn(cx.them, ep) & pawns) {
        let occupied = cx.occupied ^ from.bit() ^ victim.bit() ^ ep.bit();
        let (diagonal, orthogonal) = cx.enemy_sliders();
        if attacks::rook(cx.king, occupied) & orthogonal == 0
            && attacks::bishop(cx.king, occupied) & diagonal == 0
        {
            list.push(Move::new(from, ep, MoveFlag::EnPassant));
        }
    }
}

/// Knights (a pinned knight can never move), then bishops and queens along diagonals, then rooks
/// and queens along ranks and files, pinned ones along their pin line.
#[inline(always)]
fn piece_moves(cx: &Context<'_>, target: Bitboard, pinned: Bitboard, list: &mut Moves<'_>) {
    let b = cx.pos.board();
    for from in Squares(b.pieces_bb(cx.us, PieceKind::Knight) & !pinned) {
        push_piece_moves(list, from, attacks::knight(from) & target, cx.enemy);
    }
    let queens = b.kind_bb(PieceKind::Queen);
    let diagonal = (b.kind_bb(PieceKind::Bishop) | queens) & cx.own;
    for from in Squares(diagonal) {
        let reach = attacks::bishop(from, cx.occupied) & target & pin_line(cx, pinned, from);
        push_piece_moves(list, from, reach, cx.enemy);
    }
    let orthogonal = (b.kind_bb(PieceKind::Rook) | queens) & cx.own;
    for from in Squares(orthogonal) {
        let reach = attacks::rook(from, cx.occupied) & target & pin_line(cx, pinned, from);
        push_piece_moves(list, from, reach, cx.enemy);
    }
}

/// The squares a piece on `from` may move to as far as pins go: its pin line, or everywhere.
#[inline(always)]
fn pin_line(cx: &Context<'_>, pinned: Bitboard, from: Square) -> Bitboard {
    if pinned & from.bit() != 0 {
        attacks::line(cx.king, from)
    } else {
        !0
    }
}

/// Castling: the right, empty squares between king and rook, and a king that is not in check and
/// does not pass over or land on an attacked square.
#[inline(always)]
fn castling_moves(cx: &Context<'_>, list: &mut Moves<'_>) {
    if cx.in_check() || !cx.quiet_moves() {
        return;
    }
    let b = cx.pos.board();
    for side in CastlingSide::ALL {
        if !cx.pos.castling().has(cx.us, side) {
            continue;
        }
        let rook = cx.king.with_file(side.rook_from());
        let (passed, landing) = (
            cx.king.with_file(side.rook_to()),
            cx.king.with_file(side.king_to()),
        );
        if attacks::between(cx.king, rook) & cx.occupied == 0
            && !b.is_attacked_with(passed, cx.them, cx.occupied)
            && !b.is_attacked_with(landing, cx.them, cx.occupied)
        {
            list.push(Move::new(cx.king, landing, side.flag()));
        }
    }
}

/// `Capture` when an enemy piece stands on `to`, else `Quiet`.
#[inline(always)]
fn capture_flag(cx: &Context<'_>, to: Square) -> MoveFlag {
    if cx.enemy & to.bit() != 0 {
        MoveFlag::Capture
    } else {
        MoveFlag::Quiet
    }
}

/// One move per square of `targets`, from the square one step `dir` behind it.
#[inline]
fn push_targets(list: &mut Moves<'_>, targets: Bitboard, dir: Direction, flag: MoveFlag) {
    for to in Squares(targets) {
        list.push(Move::new(from_square(to, dir), to, flag));
    }
}

/// The promotions onto each square of `targets`, queen first; minor ones only for `All`.
#[inline]
fn push_promotions(
    list: &mut Moves<'_>,
    targets: Bitboard,
    dir: Direction,
    capture: bool,
    gen: GenType,
) {
    for to in Squares(targets) {
        let from = from_square(to, dir);
        list.push(Move::promotion(from, to, PieceKind::Queen, capture));
        if gen == GenType::All {
            for kind in UNDERPROMOTIONS {
                list.push(Move::promotion(from, to, kind, capture));
            }
        }
    }
}

/// The promotions other than to a queen, in the order they are generated.
const UNDERPROMOTIONS: [PieceKind; 3] = [PieceKind::Knight, PieceKind::Rook, PieceKind::Bishop];

/// The square a step `dir` leads from to `to`.
#[inline(always)]
fn from_square(to: Square, dir: Direction) -> Square {
    Square::from_index_masked((to.index() as i32 - i32::from(dir)) as u32)
}

/// A piece's moves from `from` to each square of `targets`: captures first, then quiet moves.
#[inline(always)]
fn push_piece_moves(list: &mut Moves<'_>, from: Square, targets: Bitboard, enemy: Bitboard) {
    for to in Squares(targets & enemy) {
        list.push(Move::new(from, to, MoveFlag::Capture));
    }
    for to in Squares(targets & !enemy) {
        list.push(Move::new(from, to, MoveFlag::Quiet));
    }
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(pos, GenType::All, &mut list);
    list
}

/// The legal moves of the piece on `from` (empty if none or not the side to move's).
pub fn legal_moves_from(pos: &Position, from: Square) -> MoveList {
    let all = legal_moves(pos);
    let mut list = MoveList::new();
    for &mv in all.as_slice().iter().filter(|m| m.from() == from) {
        list.push(mv);
    }
    list
}

/// True when the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    !legal_moves(pos).is_empty()
}

/// How many plies [`perft`] keeps a move list for; deeper plies make their own.
const PERFT_LISTS: usize = 8;

/// An empty list, to fill [`perft`]'s array of lists with.
const EMPTY_LIST: MoveList = MoveList::new();

/// Counts the leaves of the legal move tree of `depth` plies, making every move down to the
/// leaves (`bulk = false`) or counting the last ply's moves without making them (`bulk = true`).
pub fn perft(pos: &mut Position, depth: u32, bulk: bool) -> u64 {
    // One list per ply, filled with null moves once here rather than at every node.
    let mut lists = [EMPTY_LIST; PERFT_LISTS];
    perft_with(pos, depth, bulk, &mut lists)
}

/// [`perft`] with a move list for each of the next plies (and its own beyond them).
fn perft_with(pos: &mut Position, depth: u32, bulk: bool, lists: &mut [MoveList]) -> u64 {
    match lists.split_first_mut() {
        Some((list, rest)) => perft_node(pos, depth, bulk, list, rest),
        None => perft_node(pos, depth, bulk, &mut MoveList::new(), &mut []),
    }
}

/// One node of [`perft`]: its moves go into `list`, the plies below use `rest`.
fn perft_node(
    pos: &mut Position,
    depth: u32,
    bulk: bool,
    list: &mut MoveList,
    rest: &mut [MoveList],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    list.clear();
    generate(pos, GenType::All, list);
    if bulk && depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0u64;
    if depth == 1 {
        // The last ply's moves are made and taken back, and counted without a call.
        for &mv in list.as_slice() {
            if let Ok(undo) = pos.make(mv) {
                nodes = nodes.wrapping_add(1);
                pos.unmake(mv, &undo);
            }
        }
        return nodes;
    }
    for &mv in list.as_slice() {
        let Ok(undo) = pos.make(mv) else {
            continue;
        };
        nodes = nodes.wrapping_add(perft_with(pos, depth - 1, bulk, rest));
        pos.unmake(mv, &undo);
    }
    nodes
}
