//! Round trips and invariants: FEN out(in(x)) == x, MOVE notation and coordinate moves for
//! every legal move, make/unmake restoring the position exactly, the incremental hash, and
//! the agreement of piece arrays, slots and bitboards after every move.

mod common;

use chess_core::board::Position;
use chess_core::fen::parse_fen;
use chess_core::game::{repetition_key, Game, Status};
use chess_core::movegen::legal_moves;
use chess_core::notation::{self, parse_uci, MoveText, MoveTextError, Writer};
use chess_core::piece::{Color, Move, PieceKind, Square};
use common::*;

/// Positions from seeded playouts from every start position (the start positions included).
fn corpus(playouts: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let starts = all_start_fens();
    let mut out = Vec::new();
    for i in 0..playouts {
        out.extend(playout(&parse(&starts[i % starts.len()]), 200, &mut rng));
    }
    out
}

fn text_of(t: &MoveText) -> String {
    let mut buf = [0u8; 16];
    let mut w = Writer::new(&mut buf);
    t.write(&mut w);
    assert!(!w.overflowed());
    String::from_utf8(w.written().to_vec()).unwrap()
}

fn sq_name(sq: Square) -> String {
    String::from_utf8(sq.name().to_vec()).unwrap()
}

/// The MOVE text of a legal move, built from the board without `MoveText`.
fn expected_text(pos: &Position, mv: Move) -> String {
    let b = pos.board();
    let (color, kind) = b.piece_at(mv.from()).expect("mover");
    assert_eq!(color, pos.side_to_move());
    let mut s = format!(
        "{}{}{}-{}",
        color.letter() as char,
        kind.letter() as char,
        sq_name(mv.from()),
        sq_name(mv.to())
    );
    if mv.is_en_passant() {
        assert_eq!(b.piece_at(mv.to()), None);
        s.push_str(&format!("x{}P", color.other().letter() as char));
    } else if let Some((c, k)) = b.piece_at(mv.to()) {
        assert_eq!(
            c,
            color.other(),
            "{}: {} takes its own piece",
            fen(pos),
            uci(mv)
        );
        assert!(mv.is_capture());
        s.push_str(&format!("x{}{}", c.letter() as char, k.letter() as char));
    } else {
        assert!(!mv.is_capture());
    }
    if let Some(p) = mv.promotion_kind() {
        s.push_str(&format!(
            "y{}{}",
            color.letter() as char,
            p.letter() as char
        ));
    }
    s
}

/// The FENs of the EPD files whose en passant square names a capture that is not legal: the
/// writer leaves those out (`c5xd6` would expose the king to the bishop on f7, `c4xd3` to the
/// bishop on f2).
const NORMALISED_EPD: [(&str, &str); 2] = [
    (
        "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1",
        "8/5bk1/8/2Pp4/8/1K6/8/8 w - - 0 1",
    ),
    (
        "8/8/1k6/8/2pP4/8/5BK1/8 b - d3 0 1",
        "8/8/1k6/8/2pP4/8/5BK1/8 b - - 0 1",
    ),
];

#[test]
fn fen_roundtrip_on_epd_positions() {
    let mut normalised = 0;
    let mut with_ep = 0;
    for x in all_start_fens() {
        let pos = parse(&x);
        let out = fen(&pos);
        with_ep += usize::from(x.split(' ').nth(3) != Some("-"));
        match NORMALISED_EPD.iter().find(|(f, _)| *f == x) {
            Some((_, want)) => {
                assert_eq!(out, *want);
                // The square is still kept (a pawn stands next to it), just not written.
                assert!(pos.ep_square().is_some(), "{x}");
                assert_eq!(notation::legal_ep_square(&pos), None, "{x}");
                normalised += 1;
            }
            None => assert_eq!(out, x),
        }
        // Writing is idempotent, and both parses give the same position for repetitions.
        let again = parse(&out);
        assert_eq!(fen(&again), out);
        assert_eq!(repetition_key(&again), repetition_key(&pos), "{x}");
    }
    assert_eq!(normalised, 2);
    assert_eq!(with_ep, 4);
}

#[test]
fn fen_roundtrip_on_playout_positions() {
    let positions = corpus(1500, 11);
    assert!(positions.len() > 150_000, "{}", positions.len());
    let mut ep_written = 0;
    let mut ep_kept_not_written = 0;
    let mut double_checks = 0;
    for pos in &positions {
        double_checks += usize::from(pos.checkers().count_ones() == 2);
        let s = fen(pos);
        let q =
            parse_fen(s.as_bytes()).unwrap_or_else(|e| panic!("'{s}' written but refused: {e:?}"));
        assert_eq!(fen(&q), s);
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(
                q.board().piece_at(sq),
                pos.board().piece_at(sq),
                "{s}: {sq:?}"
            );
        }
        assert_eq!(q.side_to_move(), pos.side_to_move(), "{s}");
        assert_eq!(q.castling(), pos.castling(), "{s}");
        assert_eq!(q.halfmove_clock(), pos.halfmove_clock(), "{s}");
        assert_eq!(q.fullmove_number(), pos.fullmove_number(), "{s}");
        let legal_ep = notation::legal_ep_square(pos);
        assert_eq!(q.ep_square(), legal_ep, "{s}");
        assert_eq!(notation::legal_ep_square(&q), legal_ep, "{s}");
        assert_eq!(repetition_key(&q), repetition_key(pos), "{s}");
        if legal_ep == pos.ep_square() {
            assert_eq!(q.hash(), pos.hash(), "{s}");
        }
        let mut a: Vec<u16> = legal_moves(pos)
            .as_slice()
            .iter()
            .map(|m| m.bits())
            .collect();
        let mut b: Vec<u16> = legal_moves(&q)
            .as_slice()
            .iter()
            .map(|m| m.bits())
            .collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "{s}: moves differ after the round trip");
        ep_written += usize::from(legal_ep.is_some());
        ep_kept_not_written += usize::from(legal_ep.is_none() && pos.ep_square().is_some());
    }
    assert!(ep_written > 100, "{ep_written}");
    assert!(ep_kept_not_written > 0, "{ep_kept_not_written}");
    // Positions a game reaches all load, the double checks it gives included.
    assert!(double_checks > 20, "{double_checks}");
}

/// Every check a legal move gives, double checks and promotions included, is one the FEN
/// reader accepts: a record written after it always loads.
#[test]
fn every_check_a_move_gives_loads() {
    let positions = corpus(1500, 13);
    let (mut checks, mut double_checks) = (0, 0);
    for pos in &positions {
        for &mv in legal_moves(pos).as_slice() {
            let mut q = *pos;
            q.make(mv).unwrap();
            let n = q.checkers().count_ones();
            if n == 0 {
                continue;
            }
            checks += 1;
            double_checks += usize::from(n == 2);
            let s = fen(&q);
            parse_fen(s.as_bytes())
                .unwrap_or_else(|e| panic!("'{s}' after {} refused: {e}", uci(mv)));
        }
    }
    assert!(
        checks > 200_000 && double_checks > 500,
        "{checks} {double_checks}"
    );
}

#[test]
fn move_text_roundtrip_for_every_legal_move() {
    let positions = corpus(600, 12);
    let mut counts = [0usize; 5]; // quiet, capture, en passant, castling, promotion
    for pos in &positions {
        let moves = legal_moves(pos);
        for &mv in moves.as_slice() {
            let ctx = || format!("{} in '{}'", uci(mv), fen(pos));
            let t = MoveText::describe(pos, mv);
            let s = text_of(&t);
            assert_eq!(s, expected_text(pos, mv), "{}", ctx());
            assert!(matches!(s.len(), 7 | 10 | 13), "{}", ctx());
            assert_eq!(
                MoveText::parse(s.as_bytes()),
                Ok(t),
                "{}: parse('{s}')",
                ctx()
            );
            assert_eq!(t.resolve(pos), Some(mv), "{}: '{s}'", ctx());

            // Near misses name no legal move (or exactly the other move they name).
            let other = |c: Color| c.other();
            let mut wrong = t;
            wrong.color = other(t.color);
            assert_eq!(wrong.resolve(pos), None, "{}: wrong colour", ctx());
            let mut wrong = t;
            wrong.kind = if t.kind == PieceKind::Queen {
                PieceKind::Rook
            } else {
                PieceKind::Queen
            };
            assert_eq!(wrong.resolve(pos), None, "{}: wrong piece", ctx());
            match t.capture {
                Some((c, k)) => {
                    let mut wrong = t;
                    wrong.capture = None;
                    assert_eq!(wrong.resolve(pos), None, "{}: capture not declared", ctx());
                    for kind in PieceKind::ALL.into_iter().filter(|&x| x != k) {
                        wrong.capture = Some((c, kind));
                        assert_eq!(wrong.resolve(pos), None, "{}: declared {kind:?}", ctx());
                    }
                    wrong.capture = Some((c.other(), k));
                    assert_eq!(wrong.resolve(pos), None, "{}: own piece declared", ctx());
                }
                None => {
                    let mut wrong = t;
                    wrong.capture = Some((t.color.other(), PieceKind::Pawn));
                    assert_eq!(wrong.resolve(pos), None, "{}: capture declared", ctx());
                }
            }
            match t.promotion {
                Some((c, _)) => {
                    let mut wrong = t;
                    wrong.promotion = None;
                    assert_eq!(wrong.resolve(pos), None, "{}: no promotion", ctx());
                    for kind in PieceKind::ALL {
                        wrong.promotion = Some((c, kind));
                        let want = match kind {
                            PieceKind::Pawn | PieceKind::King => None,
                            k => Some(Move::promotion(mv.from(), mv.to(), k, mv.is_capture())),
                        };
                        assert_eq!(wrong.resolve(pos), want, "{}: promotion to {kind:?}", ctx());
                        wrong.promotion = Some((c.other(), kind));
                        assert_eq!(wrong.resolve(pos), None, "{}: enemy promotion", ctx());
                    }
                }
                None => {
                    let mut wrong = t;
                    wrong.promotion = Some((t.color, PieceKind::Queen));
                    assert_eq!(wrong.resolve(pos), None, "{}: promotion declared", ctx());
                }
            }

            let i = if mv.promotion_kind().is_some() {
                4
            } else if mv.is_castling() {
                3
            } else if mv.is_en_passant() {
                2
            } else if mv.is_capture() {
                1
            } else {
                0
            };
            counts[i] += 1;
        }
    }
    assert!(counts.iter().all(|&n| n > 50), "{counts:?}");
}

#[test]
fn move_text_fixed_examples() {
    let cases: [(&str, &str, &str); 7] = [
        (STARTPOS, "e2e4", "WPe2-e4"),
        (STARTPOS, "g1f3", "WNg1-f3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "BKe8-c8"),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "e5f6",
            "WPe5-f6xBP",
        ),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "WPb7-b8yWN"),
        (
            "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7c8q",
            "WPb7-c8xBRyWQ",
        ),
        ("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", "g2h1r", "BPg2-h1xWRyBR"),
    ];
    for (f, u, want) in cases {
        let pos = parse(f);
        let mv = parse_uci(&pos, u.as_bytes()).unwrap_or_else(|| panic!("{u} in {f}"));
        assert_eq!(text_of(&MoveText::describe(&pos, mv)), want);
        assert_eq!(
            MoveText::parse(want.as_bytes()).unwrap().resolve(&pos),
            Some(mv)
        );
    }
    // The grammar: lengths, tag order, each tag once.
    assert_eq!(MoveText::parse(b"WPe2-e"), Err(MoveTextError::Length(6)));
    assert_eq!(MoveText::parse(b"WPe2-e4x"), Err(MoveTextError::Length(8)));
    assert_eq!(MoveText::parse(b"wPe2-e4"), Err(MoveTextError::Syntax(0)));
    assert_eq!(MoveText::parse(b"WXe2-e4"), Err(MoveTextError::Syntax(1)));
    assert_eq!(MoveText::parse(b"WPe9-e4"), Err(MoveTextError::Syntax(3)));
    assert_eq!(MoveText::parse(b"WPe2xe4"), Err(MoveTextError::Syntax(4)));
    assert_eq!(
        MoveText::parse(b"WPe7-e8yWQxBR"),
        Err(MoveTextError::Syntax(10))
    );
    assert_eq!(
        MoveText::parse(b"WPe7-e8xBRxBR"),
        Err(MoveTextError::Syntax(10))
    );
    assert_eq!(
        MoveText::parse(b"WPe7-e8yWQyWQ"),
        Err(MoveTextError::Syntax(10))
    );
    assert_eq!(
        MoveText::parse(b"WPe7-e8zWQ"),
        Err(MoveTextError::Syntax(7))
    );
    // The errors read as sentences.
    assert_eq!(
        MoveTextError::Length(8).to_string(),
        "a move is 7, 10 or 13 characters long (WPe2-e4, then xBP, yWQ or both); this one has 8"
    );
    assert_eq!(
        MoveTextError::Syntax(4).to_string(),
        "character 5 of the move does not fit WPe2-e4[xBP][yWQ]"
    );
}

#[test]
fn coordinate_roundtrip_for_every_legal_move() {
    let positions = corpus(150, 13);
    let mut castles = 0;
    for pos in &positions {
        for &mv in legal_moves(pos).as_slice() {
            let s = uci(mv);
            let ctx = || format!("{s} in '{}'", fen(pos));
            let want_len = if mv.promotion_kind().is_some() { 5 } else { 4 };
            assert_eq!(s.len(), want_len, "{}", ctx());
            assert_eq!(&s[..2], sq_name(mv.from()), "{}", ctx());
            assert_eq!(&s[2..4], sq_name(mv.to()), "{}", ctx());
            assert_eq!(parse_uci(pos, s.as_bytes()), Some(mv), "{}", ctx());
            match mv.promotion_kind() {
                Some(_) => {
                    assert_eq!(
                        parse_uci(pos, s.to_ascii_uppercase()[..].as_bytes()),
                        None,
                        "{}",
                        ctx()
                    );
                    let upper = format!("{}{}", &s[..4], s[4..].to_ascii_uppercase());
                    assert_eq!(parse_uci(pos, upper.as_bytes()), Some(mv), "{}", ctx());
                    assert_eq!(
                        parse_uci(pos, &s.as_bytes()[..4]),
                        None,
                        "{}: no promotion piece",
                        ctx()
                    );
                    for bad in ["p", "k", "x"] {
                        let t = format!("{}{bad}", &s[..4]);
                        assert_eq!(parse_uci(pos, t.as_bytes()), None, "{}: {t}", ctx());
                    }
                }
                None => {
                    for extra in ["q", "n", " ", "0"] {
                        let t = format!("{s}{extra}");
                        assert_eq!(parse_uci(pos, t.as_bytes()), None, "{}: {t}", ctx());
                    }
                }
            }
            if mv.is_castling() {
                castles += 1;
                // Castling is the king's two-square move, never king-takes-rook.
                let rook_file = if mv.to().file() > mv.from().file() {
                    7
                } else {
                    0
                };
                let rook = Square::from_coords(rook_file, mv.from().rank());
                let t = format!("{}{}", &s[..2], sq_name(rook));
                assert_eq!(parse_uci(pos, t.as_bytes()), None, "{}: {t}", ctx());
            }
        }
    }
    assert!(castles > 100, "{castles}");
}

#[test]
fn make_unmake_restores_every_move() {
    let positions = corpus(500, 14);
    let mut rng = Rng::new(15);
    let mut made = 0usize;
    for pos in &positions {
        check_invariants(pos, &|| fen(pos));
        for &mv in legal_moves(pos).as_slice() {
            let ctx = || format!("{} in '{}'", uci(mv), fen(pos));
            let mut q = *pos;
            let (color, kind) = q.board().piece_at(mv.from()).unwrap();
            let slot = q.board().slot(mv.from()).unwrap();
            let moves_before = q.board().piece(slot).moves;
            let undo = q.make(mv).unwrap();
            made += 1;
            check_invariants(&q, &ctx);
            assert_eq!(q.side_to_move(), color.other(), "{}", ctx());
            // The mover keeps its record, now on the target square and one move older.
            assert_eq!(q.board().slot(mv.to()), Some(slot), "{}", ctx());
            let p = q.board().piece(slot);
            assert_eq!(p.moves, moves_before + 1, "{}", ctx());
            assert_eq!(p.kind, mv.promotion_kind().unwrap_or(kind), "{}", ctx());
            let irreversible = kind == PieceKind::Pawn || mv.is_capture();
            let want_clock = if irreversible {
                0
            } else {
                pos.halfmove_clock() + 1
            };
            assert_eq!(q.halfmove_clock(), want_clock, "{}", ctx());
            let want_full = pos.fullmove_number() + u16::from(color == Color::Black);
            assert_eq!(q.fullmove_number(), want_full, "{}", ctx());
            assert!(
                !q.is_attacked(q.board().king_square(color), color.other()),
                "{}: king left in check",
                ctx()
            );

            // One ply deeper for a random reply, then both taken back.
            let replies = legal_moves(&q);
            if !replies.is_empty() && rng.chance(20) {
                let reply = replies.as_slice()[rng.below(replies.len())];
                let before = q;
                let u2 = q.make(reply).unwrap();
                check_invariants(&q, &|| format!("{} then {}", ctx(), uci(reply)));
                q.unmake(reply, &u2);
                assert_eq!(q, before, "{} then {}: unmake", ctx(), uci(reply));
            }

            q.unmake(mv, &undo);
            assert_eq!(&q, pos, "{}: unmake does not restore the position", ctx());
        }

        // A null move and its undoing.
        if !pos.in_check() {
            let mut q = *pos;
            let undo = q.make_null();
            assert_eq!(q.side_to_move(), pos.side_to_move().other());
            assert_eq!(q.ep_square(), None);
            assert_eq!(q.hash(), q.compute_hash(), "null move in '{}'", fen(pos));
            q.unmake_null(&undo);
            assert_eq!(&q, pos, "unmake_null in '{}'", fen(pos));
        }
    }
    assert!(made > 1_000_000, "{made}");
}

/// The hash tells apart what equality tells apart (on the positions of one game, where the
/// piece records match): equal FENs (without clocks) give equal hashes and vice versa.
#[test]
fn hash_agrees_with_position_identity() {
    use std::collections::HashMap;
    let positions = corpus(300, 16);
    let mut by_key: HashMap<String, u64> = HashMap::new();
    let mut by_hash: HashMap<u64, String> = HashMap::new();
    for pos in &positions {
        let f = fen(pos);
        let fields: Vec<&str> = f.split(' ').collect();
        // Pieces, side, castling and the en passant square kchess keeps (not just the legal one).
        let ep = pos.ep_square().map(sq_name).unwrap_or("-".into());
        let identity = format!("{} {} {} {ep}", fields[0], fields[1], fields[2]);
        if let Some(&h) = by_key.get(&identity) {
            assert_eq!(h, pos.hash(), "{identity}");
        }
        by_key.insert(identity.clone(), pos.hash());
        if let Some(other) = by_hash.get(&pos.hash()) {
            assert_eq!(other, &identity, "hash collision");
        }
        by_hash.insert(pos.hash(), identity);
    }
    assert!(by_key.len() > 30_000, "{}", by_key.len());
}

/// `Game::write_moves` writes MOVE texts that replay to the same game.
#[test]
fn game_move_list_replays() {
    let mut rng = Rng::new(17);
    let starts = all_start_fens();
    let mut buf = vec![0u8; 1 << 16];
    for i in 0..300 {
        let start = parse(&starts[i % starts.len()]);
        let mut game = Game::new(start);
        for _ in 0..200 {
            if !game.is_ongoing() {
                break;
            }
            let moves = sorted_moves(game.position());
            let mv = moves[rng.below(moves.len())];
            assert!(matches!(
                game.play(mv),
                Ok(Status::Ongoing { .. } | Status::Over(_))
            ));
        }
        let mut w = Writer::new(&mut buf);
        game.write_moves(&mut w);
        assert!(!w.overflowed());
        let text = String::from_utf8(w.written().to_vec()).unwrap();
        let played: Vec<Move> = game.moves().collect();
        let mut replay = Game::new(start);
        let tokens: Vec<&str> = if text.is_empty() {
            vec![]
        } else {
            text.split(' ').collect()
        };
        assert_eq!(tokens.len(), played.len(), "game {i}: '{text}'");
        for (j, tok) in tokens.iter().enumerate() {
            let t = MoveText::parse(tok.as_bytes())
                .unwrap_or_else(|e| panic!("game {i} move {j} '{tok}': {e:?}"));
            let mv = t
                .resolve(replay.position())
                .unwrap_or_else(|| panic!("game {i} move {j} '{tok}' not legal"));
            assert_eq!(mv, played[j], "game {i} move {j}");
            replay.play(mv).unwrap();
        }
        assert_eq!(replay.position(), game.position(), "game {i}");
        assert_eq!(replay.outcome(), game.outcome(), "game {i}");
    }
}
