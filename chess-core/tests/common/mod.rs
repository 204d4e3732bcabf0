//! Helpers shared by the test files: a seeded PRNG, the EPD corpora, text output of positions
//! and moves, random playouts, the board invariants and a search with fresh memory.
#![allow(dead_code)]

use chess_core::board::Position;
use chess_core::fen;
use chess_core::game::Game;
use chess_core::movegen::legal_moves;
use chess_core::notation::{self, Writer};
use chess_core::piece::{Color, Move, PieceKind, PieceRef, Square};
use chess_core::search::{self, Budget, Correction, Frame, History, Limit, Memory, TtEntry};
use chess_core::search::{SearchResult, CONTINUATION_SLOTS, FRAMES};

/// xorshift64* (Vigna): small, fast and deterministic, so every failure reproduces from its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Mix the seed so that small consecutive seeds give unrelated streams; never zero.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform-enough in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const CPW6: &str = include_str!("../../../tests/perft/cpw6.epd");
const SEDLAK: &str = include_str!("../../../tests/perft/sedlak.epd");

fn epd_fens(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// The FENs of `tests/perft/cpw6.epd`.
pub fn cpw6_fens() -> Vec<String> {
    let v = epd_fens(CPW6);
    assert_eq!(v.len(), 7, "cpw6.epd changed");
    v
}

/// The FENs of `tests/perft/sedlak.epd`.
pub fn sedlak_fens() -> Vec<String> {
    let v = epd_fens(SEDLAK);
    assert_eq!(v.len(), 28, "sedlak.epd changed");
    v
}

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn parse(fen: &str) -> Position {
    fen::parse_fen(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

pub fn fen(pos: &Position) -> String {
    let mut buf = [0u8; 128];
    let mut w = Writer::new(&mut buf);
    fen::write_fen(pos, &mut w);
    assert!(!w.overflowed());
    String::from_utf8(w.written().to_vec()).unwrap()
}

pub fn uci(mv: Move) -> String {
    let mut buf = [0u8; 8];
    let mut w = Writer::new(&mut buf);
    notation::write_uci(mv, &mut w);
    String::from_utf8(w.written().to_vec()).unwrap()
}

/// A move as from (6 bits), to (6 bits), promotion (0 none, 1 N, 2 B, 3 R, 4 Q): the flags
/// are left out so that moves of two libraries compare.
pub fn key(from: usize, to: usize, promo: Option<PieceKind>) -> u32 {
    let p = match promo {
        None => 0,
        Some(PieceKind::Knight) => 1,
        Some(PieceKind::Bishop) => 2,
        Some(PieceKind::Rook) => 3,
        Some(PieceKind::Queen) => 4,
        Some(k) => panic!("promotion to {k:?}"),
    };
    from as u32 | (to as u32) << 6 | p << 12
}

pub fn move_key(mv: Move) -> u32 {
    key(mv.from().index(), mv.to().index(), mv.promotion_kind())
}

pub fn key_name(k: u32) -> String {
    let sq = |i: u32| {
        let n = Square::new((i & 63) as u8).unwrap().name();
        String::from_utf8(n.to_vec()).unwrap()
    };
    let promo = ["", "n", "b", "r", "q"][(k >> 12) as usize];
    format!("{}{}{}", sq(k), sq(k >> 6), promo)
}

pub fn key_names(keys: &[u32]) -> Vec<String> {
    keys.iter().map(|&k| key_name(k)).collect()
}

/// The legal moves, sorted by key (a deterministic order independent of generation order).
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut v = legal_moves(pos).as_slice().to_vec();
    v.sort_by_key(|&m| move_key(m));
    v
}

/// Plays up to `max_plies` random legal moves from `start` (stopping at mate, stalemate or
/// the fifty-move limit) and returns every position reached, `start` included.
pub fn playout(start: &Position, max_plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut pos = *start;
    let mut out = vec![pos];
    for _ in 0..max_plies {
        let moves = sorted_moves(&pos);
        if moves.is_empty() || pos.halfmove_clock() >= 100 {
            break;
        }
        // Castling and en passant are rare under uniform choice: take them half the time.
        let special = moves.iter().find(|m| m.is_castling() || m.is_en_passant());
        let mv = match special {
            Some(&m) if rng.chance(50) => m,
            _ => moves[rng.below(moves.len())],
        };
        pos.make(mv).unwrap();
        out.push(pos);
    }
    out
}

/// The start position and every EPD position.
pub fn all_start_fens() -> Vec<String> {
    let mut v = vec![STARTPOS.to_string()];
    v.extend(cpw6_fens());
    v.extend(sedlak_fens());
    v
}

/// Checks that the piece arrays, the 64 slots and the bitboards describe the same board.
pub fn check_invariants(pos: &Position, context: &dyn Fn() -> String) {
    let b = pos.board();
    let mut color_bb = [0u64; 2];
    let mut kind_bb = [[0u64; 6]; 2];
    for color in Color::ALL {
        let mut kings = 0;
        for (i, p) in b.pieces(color).iter().enumerate() {
            if !p.alive {
                continue;
            }
            let r = PieceRef::new(color, i as u8);
            assert_eq!(
                p.color,
                color,
                "{}: piece {i} of {color:?} has colour {:?}",
                context(),
                p.color
            );
            assert_eq!(
                b.slot(p.square),
                Some(r),
                "{}: {color:?} piece {i} ({:?}) on {:?} is not referred to by its square",
                context(),
                p.kind,
                p.square
            );
            assert_eq!(
                color_bb[color.index()] & p.square.bit(),
                0,
                "{}: two pieces on {:?}",
                context(),
                p.square
            );
            color_bb[color.index()] |= p.square.bit();
            kind_bb[color.index()][p.kind.index()] |= p.square.bit();
            if p.kind == PieceKind::King {
                kings += 1;
            }
        }
        assert_eq!(kings, 1, "{}: {color:?} has {kings} kings", context());
        assert_eq!(
            b.pieces(color)[0].kind,
            PieceKind::King,
            "{}: slot 0 is not the king",
            context()
        );
    }
    assert_eq!(
        color_bb[0] & color_bb[1],
        0,
        "{}: colours overlap",
        context()
    );
    for i in 0..64u8 {
        let sq = Square::new(i).unwrap();
        match b.slot(sq) {
            Some(r) => {
                let p = b.piece(r);
                assert!(p.alive, "{}: {sq:?} refers to a captured piece", context());
                assert_eq!(
                    p.square,
                    sq,
                    "{}: {sq:?} refers to a piece on {:?}",
                    context(),
                    p.square
                );
                assert_eq!(r.color(), p.color, "{}: {sq:?}", context());
                assert_eq!(
                    b.piece_at(sq),
                    Some((p.color, p.kind)),
                    "{}: {sq:?}",
                    context()
                );
            }
            None => {
                assert_eq!(
                    (color_bb[0] | color_bb[1]) & sq.bit(),
                    0,
                    "{}: {sq:?} empty",
                    context()
                );
                assert_eq!(b.piece_at(sq), None, "{}: {sq:?}", context());
            }
        }
    }
    for color in Color::ALL {
        assert_eq!(
            b.color_bb(color),
            color_bb[color.index()],
            "{}: color_bb({color:?})",
            context()
        );
        for kind in PieceKind::ALL {
            assert_eq!(
                b.pieces_bb(color, kind),
                kind_bb[color.index()][kind.index()],
                "{}: pieces_bb({color:?}, {kind:?})",
                context()
            );
        }
    }
    for kind in PieceKind::ALL {
        assert_eq!(
            b.kind_bb(kind),
            kind_bb[0][kind.index()] | kind_bb[1][kind.index()],
            "{}: kind_bb({kind:?})",
            context()
        );
    }
    assert_eq!(
        b.occupied(),
        color_bb[0] | color_bb[1],
        "{}: occupied",
        context()
    );
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "{}: incremental hash differs from recomputed",
        context()
    );
}

/// A search of `game` with a fresh table (16 384 entries), history, continuation history and
/// frames, and the given correction history (empty: none).
pub fn search_fresh(
    game: &Game,
    limit: Limit,
    host: &mut impl Budget,
    correction: &mut [Correction],
) -> SearchResult {
    search_fresh_with(
        game,
        limit,
        host,
        correction,
        &mut vec![0; CONTINUATION_SLOTS],
    )
}

/// [`search_fresh`] with the given continuation history (empty: none).
pub fn search_fresh_with(
    game: &Game,
    limit: Limit,
    host: &mut impl Budget,
    correction: &mut [Correction],
    continuation: &mut [i16],
) -> SearchResult {
    let mut tt = vec![TtEntry::EMPTY; 1 << 14];
    let mut frames = vec![Frame::new(); FRAMES];
    let mut history = Box::new(History::new());
    let mem = Memory {
        tt: &mut tt,
        frames: &mut frames,
        history: &mut history,
        correction,
        continuation,
    };
    search::search(game, limit.into(), mem, host).unwrap()
}
