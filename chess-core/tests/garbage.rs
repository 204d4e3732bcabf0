//! No input makes the text parsers panic (the test profile has overflow checks on, as the
//! kernel does), and what they accept is exactly what they write: seeded random bytes and
//! mutations of valid FENs, MOVE texts and coordinate moves.

mod common;

use chess_core::board::Position;
use chess_core::fen::{self, parse_fen};
use chess_core::game::Game;
use chess_core::movegen::legal_moves;
use chess_core::notation::{self, parse_uci, MoveText, Writer};
use chess_core::piece::{Color, PieceKind, Square};
use common::*;
use cozy_chess as cz;

const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh0123456789";
const MOVE_ALPHABET: &[u8] = b"WBPNRQKabcdefgh12345678-xy";
const UCI_ALPHABET: &[u8] = b"abcdefgh12345678qrbnkpQRBNKP";

fn random_bytes(rng: &mut Rng, alphabet: &[u8], max_len: usize) -> Vec<u8> {
    let len = rng.below(max_len + 1);
    (0..len)
        .map(|_| {
            if rng.chance(80) {
                alphabet[rng.below(alphabet.len())]
            } else {
                rng.next_u64() as u8
            }
        })
        .collect()
}

/// One random edit of `s` (most often) or two to four.
fn mutate(s: &[u8], rng: &mut Rng, alphabet: &[u8]) -> Vec<u8> {
    let mut v = s.to_vec();
    let edits = if rng.chance(60) { 1 } else { 2 + rng.below(3) };
    for _ in 0..edits {
        let n = v.len();
        let i = rng.below(n.max(1));
        match rng.below(12) {
            0 if n > 0 => {
                v.remove(i);
            }
            1 if n > 0 => {
                let c = v[i];
                v.insert(i, c);
            }
            2 if n > 1 => v.swap(i.min(n - 2), i.min(n - 2) + 1),
            3 if n > 0 => v[i] = alphabet[rng.below(alphabet.len())],
            4 if n > 0 => v[i] = rng.next_u64() as u8,
            5 => v.insert(i.min(n), alphabet[rng.below(alphabet.len())]),
            6 => v.truncate(i),
            7 => {
                let extra: &[&[u8]] = &[b" 0", b" x", b" 1 2", b" ", b"  ", b"\n", b"\0"];
                v.extend_from_slice(extra[rng.below(extra.len())]);
            }
            8 => {
                // Replace one space-separated field.
                let fields: Vec<&[u8]> = v.split(|&c| c == b' ').collect();
                let k = rng.below(fields.len());
                let subs: &[&[u8]] = &[
                    b"99999999999999999999",
                    b"18446744073709551616",
                    b"65536",
                    b"65535",
                    b"10000",
                    b"9999",
                    b"-1",
                    b"+1",
                    b"",
                    b"0",
                    b"00000000001",
                    b"KQkqKQ",
                    b"qkQK",
                    b"-",
                    b"w",
                    b"b",
                    b"W",
                    b"e3",
                    b"e6",
                    b"d6",
                    b"a3",
                    b"h6",
                    b"i9",
                    b"8/8/8/8/8/8/8/8",
                    b"kK6/8/8/8/8/8/8/8",
                    b"9/8/8/8/8/8/8/8",
                    b"44/8/8/8/8/8/8/8/8",
                ];
                let sub = subs[rng.below(subs.len())];
                let mut out = Vec::new();
                for (j, f) in fields.iter().enumerate() {
                    if j > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(if j == k { sub } else { f });
                }
                v = out;
            }
            9 => {
                // A random stretch of digits, the classic way to break rank counting.
                for _ in 0..1 + rng.below(3) {
                    v.insert(i.min(v.len()), b'1' + rng.below(9) as u8);
                }
            }
            10 if n > 0 => {
                let j = rng.below(n);
                let (a, b) = (i.min(j), i.max(j));
                let chunk = v[a..b].to_vec();
                v.splice(b..b, chunk);
            }
            _ => v.extend(random_bytes(rng, alphabet, 4)),
        }
    }
    v
}

fn written(f: impl FnOnce(&mut Writer<'_>)) -> Vec<u8> {
    let mut buf = [0u8; 256];
    let mut w = Writer::new(&mut buf);
    f(&mut w);
    assert!(!w.overflowed());
    w.written().to_vec()
}

/// FENs of positions from short playouts, plus the EPD ones: the seeds for mutation.
fn fen_seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = all_start_fens()
        .into_iter()
        .map(String::into_bytes)
        .collect();
    let starts = all_start_fens();
    for i in 0..200 {
        for p in playout(&parse(&starts[i % starts.len()]), 120, rng)
            .iter()
            .step_by(7)
        {
            seeds.push(fen(p).into_bytes());
        }
    }
    seeds
}

#[derive(Default, Debug)]
struct FenTally {
    inputs: usize,
    ok: usize,
    with_ep: usize,
    final_positions: usize,
}

/// Parses one input; an accepted FEN must write, re-parse and write again to the same text
/// and the same position, and every legal move must make and unmake cleanly.
fn check_fen(input: &[u8], t: &mut FenTally) {
    t.inputs += 1;
    let Ok(pos) = parse_fen(input) else {
        return;
    };
    t.ok += 1;
    let show = || String::from_utf8_lossy(input).into_owned();
    check_invariants(&pos, &|| show());
    let out = written(|w| fen::write_fen(&pos, w));
    let again = parse_fen(&out).unwrap_or_else(|e| {
        panic!(
            "'{}' accepted, written as '{}', refused: {e:?}",
            show(),
            String::from_utf8_lossy(&out)
        )
    });
    assert_eq!(written(|w| fen::write_fen(&again, w)), out, "'{}'", show());
    // Equal positions, up to the en passant square the writer leaves out when no capture
    // there is legal (it is written only when usable, see `fen::write_fen`).
    let mut expected = pos;
    if notation::legal_ep_square(&pos).is_none() {
        expected.clear_ep();
    } else {
        t.with_ep += 1;
    }
    assert_eq!(
        again,
        expected,
        "'{}' -> '{}'",
        show(),
        String::from_utf8_lossy(&out)
    );

    // The position is usable: the side not to move is not in check, and every legal move
    // makes and unmakes cleanly.
    let them = pos.side_to_move().other();
    assert!(
        !pos.is_attacked(pos.board().king_square(them), pos.side_to_move()),
        "'{}'",
        show()
    );
    let moves = legal_moves(&pos);
    for &mv in moves.as_slice() {
        let mut q = pos;
        let undo = q.make(mv).unwrap();
        assert_eq!(q.hash(), q.compute_hash(), "'{}' {}", show(), uci(mv));
        q.unmake(mv, &undo);
        assert_eq!(q, pos, "'{}' {}", show(), uci(mv));
    }
    let game = Game::new(pos);
    t.final_positions += usize::from(!game.is_ongoing());
}

#[test]
fn garbage_and_near_miss_fens() {
    let mut rng = Rng::new(21);
    let seeds = fen_seeds(&mut rng);
    let mut t = FenTally::default();
    for seed in &seeds {
        check_fen(seed, &mut t);
    }
    assert_eq!(t.ok, seeds.len(), "a written FEN was refused");
    for i in 0..400_000 {
        let input = match i % 8 {
            0 => random_bytes(&mut rng, FEN_ALPHABET, 90),
            _ => mutate(&seeds[rng.below(seeds.len())], &mut rng, FEN_ALPHABET),
        };
        check_fen(&input, &mut t);
    }
    eprintln!("{t:?}");
    assert!(t.inputs >= 400_000);
    // The mutations must keep a fair share valid, or the acceptance checks test nothing.
    assert!(t.ok > 20_000 && t.with_ep > 50, "{t:?}");
}

/// Random piece placements: one king each and up to 30 other pieces anywhere (pawns off the
/// back ranks), random side, castling letters and en passant square. Whatever `parse_fen`
/// accepts must round-trip and its legal moves must match cozy-chess where cozy accepts it.
#[test]
fn random_placements() {
    let mut rng = Rng::new(22);
    let mut t = FenTally::default();
    let mut compared = 0;
    for _ in 0..100_000 {
        let mut board = [None::<(Color, PieceKind)>; 64];
        let mut put = |c: Color, k: PieceKind, rng: &mut Rng| loop {
            let i = rng.below(64);
            if board[i].is_none() && (k != PieceKind::Pawn || (8..56).contains(&i)) {
                board[i] = Some((c, k));
                break;
            }
        };
        put(Color::White, PieceKind::King, &mut rng);
        put(Color::Black, PieceKind::King, &mut rng);
        let most = if rng.chance(50) { 8 } else { 31 };
        for _ in 0..rng.below(most) {
            let c = if rng.chance(50) {
                Color::White
            } else {
                Color::Black
            };
            let k = PieceKind::from_index(rng.below(5)).unwrap();
            put(c, k, &mut rng);
        }
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    None => empty += 1,
                    Some((c, k)) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let l = k.letter();
                        s.push(if c == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        } as char);
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if rng.chance(50) { "w" } else { "b" };
        let castling = if rng.chance(70) {
            "-"
        } else {
            ["K", "Q", "k", "q", "KQ", "kq", "KQkq", "Kq"][rng.below(8)]
        };
        let ep = if rng.chance(15) {
            let file = (b'a' + rng.below(8) as u8) as char;
            format!("{file}{}", if side == "w" { 6 } else { 3 })
        } else {
            "-".to_string()
        };
        let fen_text = format!(
            "{s} {side} {castling} {ep} {} {}",
            rng.below(120),
            1 + rng.below(300)
        );
        check_fen(fen_text.as_bytes(), &mut t);
        let Ok(pos) = parse_fen(fen_text.as_bytes()) else {
            continue;
        };
        // cozy-chess refuses some positions kchess accepts (e.g. impossible checks); compare
        // where both accept. cozy caps the halfmove clock at 100 and keeps its en passant
        // square only after a double push, which does not matter for the move list.
        if let Ok(b) = fen_text.parse::<cz::Board>() {
            compared += 1;
            let mut ours: Vec<String> = legal_moves(&pos)
                .as_slice()
                .iter()
                .map(|&m| uci(m))
                .collect();
            ours.sort();
            let mut theirs = Vec::new();
            let us = b.side_to_move();
            b.generate_moves(|pm| {
                for m in pm {
                    let mut to = m.to;
                    if pm.piece == cz::Piece::King && b.colors(us).has(m.to) {
                        let file = if m.to.file() > m.from.file() {
                            cz::File::G
                        } else {
                            cz::File::C
                        };
                        to = cz::Square::new(file, m.to.rank());
                    }
                    theirs.push(format!(
                        "{}",
                        cz::Move {
                            from: m.from,
                            to,
                            promotion: m.promotion
                        }
                    ));
                }
                false
            });
            theirs.sort();
            assert_eq!(ours, theirs, "legal moves of '{fen_text}'");
        }
    }
    eprintln!("{t:?}, compared with cozy-chess: {compared}");
    assert!(t.ok > 20_000 && compared > 15_000, "{t:?} {compared}");
}

#[derive(Default, Debug)]
struct MoveTally {
    inputs: usize,
    parsed: usize,
    legal: usize,
}

/// Positions to try MOVE and coordinate texts on, with their legal moves' texts as seeds.
fn move_positions(rng: &mut Rng) -> Vec<Position> {
    let starts = all_start_fens();
    let mut v = Vec::new();
    for i in 0..60 {
        v.extend(
            playout(&parse(&starts[i % starts.len()]), 150, rng)
                .into_iter()
                .step_by(10),
        );
    }
    v
}

#[test]
fn garbage_and_near_miss_move_texts() {
    let mut rng = Rng::new(23);
    let positions = move_positions(&mut rng);
    let mut t = MoveTally::default();
    for i in 0..220_000 {
        let pos = &positions[rng.below(positions.len())];
        let moves = legal_moves(pos);
        let input = if i % 8 == 0 || moves.is_empty() {
            random_bytes(&mut rng, MOVE_ALPHABET, 16)
        } else {
            let mv = moves.as_slice()[rng.below(moves.len())];
            let text = written(|w| MoveText::describe(pos, mv).write(w));
            if rng.chance(10) {
                text
            } else {
                mutate(&text, &mut rng, MOVE_ALPHABET)
            }
        };
        t.inputs += 1;
        let show = || format!("'{}' in '{}'", String::from_utf8_lossy(&input), fen(pos));
        let Ok(parsed) = MoveText::parse(&input) else {
            continue;
        };
        t.parsed += 1;
        // The grammar has one spelling per move text.
        assert_eq!(written(|w| parsed.write(w)), input, "{}", show());
        if let Some(mv) = parsed.resolve(pos) {
            t.legal += 1;
            assert!(moves.contains(mv), "{}", show());
            assert_eq!(MoveText::describe(pos, mv), parsed, "{}", show());
        }
        // And on an unrelated position.
        if let Some(mv) = parsed.resolve(&Position::startpos()) {
            assert!(
                legal_moves(&Position::startpos()).contains(mv),
                "{}",
                show()
            );
        }
    }
    eprintln!("{t:?}");
    assert!(
        t.inputs >= 220_000 && t.parsed > 20_000 && t.legal > 15_000,
        "{t:?}"
    );
}

#[test]
fn garbage_and_near_miss_coordinate_moves() {
    let mut rng = Rng::new(24);
    let positions = move_positions(&mut rng);
    let mut t = MoveTally::default();
    for i in 0..220_000 {
        let pos = &positions[rng.below(positions.len())];
        let moves = legal_moves(pos);
        let input = if i % 8 == 0 || moves.is_empty() {
            random_bytes(&mut rng, UCI_ALPHABET, 7)
        } else {
            let mv = moves.as_slice()[rng.below(moves.len())];
            let text = uci(mv).into_bytes();
            if rng.chance(10) {
                text
            } else {
                mutate(&text, &mut rng, UCI_ALPHABET)
            }
        };
        t.inputs += 1;
        // Square::parse reads the first two bytes of anything.
        if let Some(sq) = Square::parse(&input) {
            assert_eq!(&sq.name()[..], &input[..2]);
        }
        let Some(mv) = parse_uci(pos, &input) else {
            continue;
        };
        t.parsed += 1;
        t.legal += 1;
        let show = || format!("'{}' in '{}'", String::from_utf8_lossy(&input), fen(pos));
        assert!(moves.contains(mv), "{}", show());
        // Accepted only in its own spelling (the promotion letter in either case).
        let mut canonical = input.clone();
        if let Some(c) = canonical.get_mut(4) {
            *c = c.to_ascii_lowercase();
        }
        assert_eq!(uci(mv).into_bytes(), canonical, "{}", show());
    }
    eprintln!("{t:?}");
    assert!(t.inputs >= 220_000 && t.legal > 20_000, "{t:?}");
}
