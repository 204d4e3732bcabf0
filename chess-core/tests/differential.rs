//! Differential tests against cozy-chess: seeded random playouts from the start position and
//! from every EPD position, comparing at every ply the legal move set, the move flags, check,
//! checkers, en passant, the FEN and the game status (mate, stalemate, repetition, fifty
//! moves, insufficient material), with `Position::make` and `Game::play` run side by side.

mod common;

use chess_core::board::Position;
use chess_core::game::{repetition_key, DrawReason, Game, Outcome, PlayError, Status};
use chess_core::movegen::{self, GenType, MoveList};
use chess_core::notation;
use chess_core::piece::{Color, Move, PieceKind, Square};
use common::*;
use cozy_chess as cz;

/// A playout stops here if the game has not ended.
const MAX_PLIES: usize = 200;

fn cz_kind(p: cz::Piece) -> PieceKind {
    match p {
        cz::Piece::Pawn => PieceKind::Pawn,
        cz::Piece::Knight => PieceKind::Knight,
        cz::Piece::Bishop => PieceKind::Bishop,
        cz::Piece::Rook => PieceKind::Rook,
        cz::Piece::Queen => PieceKind::Queen,
        cz::Piece::King => PieceKind::King,
    }
}

fn k_to_cz_kind(k: PieceKind) -> cz::Piece {
    cz::Piece::index(k.index())
}

/// cozy-chess's legal moves as keys, castling converted from king-takes-rook to the king's
/// two-square move.
fn cozy_keys(b: &cz::Board) -> Vec<u32> {
    let us = b.side_to_move();
    let mut v = Vec::with_capacity(64);
    b.generate_moves(|pm| {
        for m in pm {
            let mut to = m.to as usize;
            if pm.piece == cz::Piece::King && b.colors(us).has(m.to) {
                let file = if (m.to.file() as usize) > (m.from.file() as usize) {
                    6
                } else {
                    2
                };
                to = m.to.rank() as usize * 8 + file;
            }
            v.push(key(m.from as usize, to, m.promotion.map(cz_kind)));
        }
        false
    });
    v.sort_unstable();
    v
}

/// The kchess move in cozy-chess's form.
fn to_cozy(mv: Move) -> cz::Move {
    let from = cz::Square::index(mv.from().index());
    let mut to = mv.to().index();
    if mv.is_castling() {
        let rook_file = if mv.to().file() > mv.from().file() {
            7
        } else {
            0
        };
        to = mv.from().rank() as usize * 8 + rook_file;
    }
    cz::Move {
        from,
        to: cz::Square::index(to),
        promotion: mv.promotion_kind().map(k_to_cz_kind),
    }
}

/// The en passant square if some legal move takes en passant.
fn cozy_legal_ep(b: &cz::Board) -> Option<cz::Square> {
    let file = b.en_passant()?;
    let us = b.side_to_move();
    let sq = cz::Square::new(file, cz::Rank::Sixth.relative_to(us));
    let mut found = false;
    b.generate_moves_for(b.colored_pieces(us, cz::Piece::Pawn), |pm| {
        found |= pm.to.has(sq);
        found
    });
    found.then_some(sq)
}

/// The en passant square if a pawn of the side to move stands next to the pawn that just
/// advanced two squares (what kchess keeps in `Position::ep_square`).
fn cozy_pseudo_ep(b: &cz::Board) -> Option<usize> {
    let file = b.en_passant()?;
    let us = b.side_to_move();
    let sq = cz::Square::new(file, cz::Rank::Sixth.relative_to(us));
    let takers = cz::get_pawn_attacks(sq, !us) & b.colored_pieces(us, cz::Piece::Pawn);
    (!takers.is_empty()).then_some(sq as usize)
}

/// cozy-chess's FEN with the en passant field written only when the capture is legal.
fn cozy_fen(b: &cz::Board) -> String {
    let full = format!("{b}");
    let mut fields: Vec<String> = full.split(' ').map(str::to_string).collect();
    assert_eq!(fields.len(), 6, "{full}");
    fields[3] = match cozy_legal_ep(b) {
        Some(sq) => format!("{sq}"),
        None => "-".to_string(),
    };
    fields.join(" ")
}

/// FIDE position equality: pieces, side to move, castling rights and the en passant square
/// when a capture there is legal. (cozy-chess's own `same_position` is not used: in 0.3.4 it
/// counts any piece attacking the en passant square like a pawn, so a king or bishop that can
/// step onto the square makes it count, e.g. after 1. g2g4 in
/// `8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1` it sees h4g3 as an en passant capture.)
fn cozy_same_position(a: &cz::Board, b: &cz::Board) -> bool {
    a.hash_without_ep() == b.hash_without_ep()
        && a.side_to_move() == b.side_to_move()
        && cz::Color::ALL
            .iter()
            .all(|&c| a.colors(c) == b.colors(c) && a.castle_rights(c) == b.castle_rights(c))
        && cz::Piece::ALL.iter().all(|&p| a.pieces(p) == b.pieces(p))
        && cozy_legal_ep(a) == cozy_legal_ep(b)
}

/// Neither side can mate, by the rule kchess documents: no pawns, rooks or queens, and either at
/// most one knight and no bishop, or no knight and bishops all on squares of one colour.
fn cozy_insufficient(b: &cz::Board) -> bool {
    let heavy = b.pieces(cz::Piece::Pawn) | b.pieces(cz::Piece::Rook) | b.pieces(cz::Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = b.pieces(cz::Piece::Knight).len();
    let bishops: Vec<cz::Square> = b.pieces(cz::Piece::Bishop).into_iter().collect();
    if bishops.is_empty() {
        return knights <= 1;
    }
    let dark = |s: &cz::Square| (s.file() as usize + s.rank() as usize).is_multiple_of(2);
    knights == 0 && (bishops.iter().all(dark) || !bishops.iter().any(dark))
}

/// The status the rules give for cozy-chess's position, `reps` being how often it has occurred.
fn cozy_status(b: &cz::Board, legal: &[u32], reps: usize) -> Status {
    let check = !b.checkers().is_empty();
    if legal.is_empty() {
        return Status::Over(if check {
            Outcome::Checkmate {
                winner: if b.side_to_move() == cz::Color::White {
                    Color::Black
                } else {
                    Color::White
                },
            }
        } else {
            Outcome::Stalemate
        });
    }
    if reps >= 3 {
        return Status::Over(Outcome::Draw(DrawReason::Repetition));
    }
    if b.halfmove_clock() >= 100 {
        return Status::Over(Outcome::Draw(DrawReason::FiftyMoves));
    }
    if cozy_insufficient(b) {
        return Status::Over(Outcome::Draw(DrawReason::InsufficientMaterial));
    }
    Status::Ongoing { check }
}

#[derive(Default, Debug)]
struct Tally {
    playouts: usize,
    plies: usize,
    checks: usize,
    mates: usize,
    stalemates: usize,
    repetitions: usize,
    fifty: usize,
    insufficient: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    illegal_rejected: usize,
}

/// Compares one position of both libraries; returns the sorted kchess moves.
fn compare_position(
    pos: &Position,
    b: &cz::Board,
    ctx: &dyn Fn() -> String,
) -> (Vec<Move>, Vec<u32>) {
    let moves = sorted_moves(pos);
    let kkeys: Vec<u32> = moves.iter().map(|&m| move_key(m)).collect();
    let ckeys = cozy_keys(b);
    if kkeys != ckeys {
        let extra: Vec<u32> = kkeys
            .iter()
            .copied()
            .filter(|k| !ckeys.contains(k))
            .collect();
        let missing: Vec<u32> = ckeys
            .iter()
            .copied()
            .filter(|k| !kkeys.contains(k))
            .collect();
        panic!(
            "{}: legal moves differ; kchess has extra {:?}, lacks {:?} (duplicates: {})",
            ctx(),
            key_names(&extra),
            key_names(&missing),
            kkeys.windows(2).any(|w| w[0] == w[1])
        );
    }
    assert_eq!(movegen::has_legal_move(pos), !moves.is_empty(), "{}", ctx());

    // Flags against the board as cozy-chess sees it.
    let us = b.side_to_move();
    for &mv in &moves {
        let from = cz::Square::index(mv.from().index());
        let to = cz::Square::index(mv.to().index());
        let piece = b
            .piece_on(from)
            .unwrap_or_else(|| panic!("{}: {} from an empty square", ctx(), uci(mv)));
        let enemy_on_to = b.color_on(to) == Some(!us);
        let file_change = (mv.from().file() as i32 - mv.to().file() as i32).abs();
        let rank_change = (mv.from().rank() as i32 - mv.to().rank() as i32).abs();
        let ep = piece == cz::Piece::Pawn && file_change == 1 && b.piece_on(to).is_none();
        let m = uci(mv);
        assert_eq!(
            mv.is_capture(),
            enemy_on_to || ep,
            "{}: {m} capture flag",
            ctx()
        );
        assert_eq!(mv.is_en_passant(), ep, "{}: {m} en passant flag", ctx());
        assert_eq!(
            mv.is_double_push(),
            piece == cz::Piece::Pawn && rank_change == 2,
            "{}: {m} double push flag",
            ctx()
        );
        assert_eq!(
            mv.is_castling(),
            piece == cz::Piece::King && file_change == 2,
            "{}: {m} castling flag",
            ctx()
        );
        assert_eq!(
            mv.is_quiet(),
            !mv.is_capture() && mv.promotion_kind().is_none(),
            "{}: {m}",
            ctx()
        );
        assert!(
            b.is_legal(to_cozy(mv)),
            "{}: {m} not legal for cozy-chess",
            ctx()
        );
    }

    assert_eq!(
        pos.in_check(),
        !b.checkers().is_empty(),
        "{}: in_check",
        ctx()
    );
    assert_eq!(pos.checkers(), b.checkers().0, "{}: checkers", ctx());
    assert_eq!(pos.side_to_move().index(), us as usize, "{}: side", ctx());
    assert_eq!(
        pos.ep_square().map(|s| s.index()),
        cozy_pseudo_ep(b),
        "{}: ep_square",
        ctx()
    );
    assert_eq!(
        notation::legal_ep_square(pos).map(|s| s.index()),
        cozy_legal_ep(b).map(|s| s as usize),
        "{}: legal_ep_square",
        ctx()
    );
    assert_eq!(
        pos.halfmove_clock(),
        u16::from(b.halfmove_clock()),
        "{}: halfmove clock",
        ctx()
    );
    assert_eq!(
        pos.fullmove_number(),
        b.fullmove_number(),
        "{}: fullmove number",
        ctx()
    );
    assert_eq!(fen(pos), cozy_fen(b), "{}: FEN", ctx());
    (moves, kkeys)
}

/// How a playout picks its moves: uniformly, or steering towards repetitions (moving the
/// piece back that moved last) or towards the fifty-move rule (no pawn moves or captures).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Style {
    Uniform,
    Shuffle,
    Quiet,
}

fn choose(pos: &Position, moves: &[Move], played: &[Move], style: Style, rng: &mut Rng) -> Move {
    // Castling and en passant are rare under uniform choice: take them half the time.
    if rng.chance(50) {
        if let Some(&m) = moves.iter().find(|m| m.is_castling() || m.is_en_passant()) {
            return m;
        }
    }
    match style {
        Style::Shuffle if played.len() >= 2 && rng.chance(60) => {
            let last = played[played.len() - 2];
            if let Some(&m) = moves
                .iter()
                .find(|m| m.from() == last.to() && m.to() == last.from() && m.is_quiet())
            {
                return m;
            }
        }
        Style::Quiet if rng.chance(95) => {
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_quiet() && pos.board().kind_at(m.from()) != Some(PieceKind::Pawn))
                .collect();
            if !quiet.is_empty() {
                return quiet[rng.below(quiet.len())];
            }
        }
        _ => {}
    }
    moves[rng.below(moves.len())]
}

fn run_playouts(starts: &[String], count: usize, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut t = Tally::default();
    assert!(count >= starts.len());
    for i in 0..count {
        let start = &starts[i % starts.len()];
        let mut pos = parse(start);
        let mut b: cz::Board = start.parse().unwrap();
        let mut game = Game::new(pos);
        let mut played: Vec<Move> = Vec::new();
        let mut positions: Vec<Position> = vec![pos];
        let mut keys: Vec<u64> = vec![repetition_key(&pos)];
        let mut boards: Vec<cz::Board> = vec![b.clone()];
        t.playouts += 1;
        let style = match rng.below(4) {
            0 => Style::Shuffle,
            1 => Style::Quiet,
            _ => Style::Uniform,
        };
        loop {
            let ply = played.len();
            let ctx = || {
                let line: Vec<String> = played.iter().map(|&m| uci(m)).collect();
                format!(
                    "playout {i} (seed {seed}) from '{start}' after [{}]",
                    line.join(" ")
                )
            };
            let (moves, kkeys) = compare_position(&pos, &b, &ctx);
            check_invariants(&pos, &ctx);
            assert_eq!(
                game.position(),
                &pos,
                "{}: Game's position differs from make()'s",
                ctx()
            );
            assert_eq!(game.len(), ply, "{}", ctx());

            // Repetitions: compare kchess's keys with cozy-chess's FIDE position equality over
            // the positions since the last capture or pawn move, same side to move.
            let window = usize::from(b.halfmove_clock()).min(ply);
            let mut reps = 1;
            for back in (2..=window).step_by(2) {
                let j = ply - back;
                let same = cozy_same_position(&boards[j], &b);
                assert_eq!(
                    keys[j] == keys[ply],
                    same,
                    "{}: repetition key equality with ply {j} ('{}')",
                    ctx(),
                    fen(&positions[j])
                );
                reps += usize::from(same);
            }
            assert_eq!(game.repetitions(), reps, "{}: repetitions", ctx());
            let expected = cozy_status(&b, &kkeys, reps);
            assert_eq!(game.evaluate(), expected, "{}: status", ctx());
            match expected {
                Status::Over(outcome) => {
                    assert_eq!(game.outcome(), Some(outcome), "{}: outcome", ctx());
                    assert!(!game.is_ongoing(), "{}", ctx());
                    match outcome {
                        Outcome::Checkmate { .. } => t.mates += 1,
                        Outcome::Stalemate => t.stalemates += 1,
                        Outcome::Draw(DrawReason::Repetition) => t.repetitions += 1,
                        Outcome::Draw(DrawReason::FiftyMoves) => t.fifty += 1,
                        Outcome::Draw(DrawReason::InsufficientMaterial) => t.insufficient += 1,
                        other => panic!("{}: unexpected outcome {other:?}", ctx()),
                    }
                    // A finished game takes no more moves, legal or not.
                    if let Some(&mv) = moves.first() {
                        assert_eq!(game.clone().play(mv), Err(PlayError::GameOver), "{}", ctx());
                    }
                    break;
                }
                Status::Ongoing { check } => {
                    assert_eq!(game.outcome(), None, "{}", ctx());
                    t.checks += usize::from(check);
                }
            }
            if ply >= MAX_PLIES {
                break;
            }

            // The moves of one square (a random one among the movers).
            let from = moves[rng.below(moves.len())].from();
            let from_list = movegen::legal_moves_from(&pos, from);
            let mut got: Vec<u32> = from_list.as_slice().iter().map(|&m| move_key(m)).collect();
            got.sort_unstable();
            let want: Vec<u32> = moves
                .iter()
                .filter(|m| m.from() == from)
                .map(|&m| move_key(m))
                .collect();
            assert_eq!(got, want, "{}: legal_moves_from({from:?})", ctx());

            // A random 16-bit move that is not in the list is refused and changes nothing.
            let junk = Move::from_bits(rng.next_u64() as u16);
            if !moves.contains(&junk) {
                assert_eq!(
                    game.play(junk),
                    Err(PlayError::Illegal),
                    "{}: {junk:?} accepted",
                    ctx()
                );
                t.illegal_rejected += 1;
            }

            let mv = choose(&pos, &moves, &played, style, &mut rng);
            t.castles += usize::from(mv.is_castling());
            t.en_passant += usize::from(mv.is_en_passant());
            t.promotions += usize::from(mv.promotion_kind().is_some());
            let status = game
                .play(mv)
                .unwrap_or_else(|e| panic!("{}: Game refused {}: {e:?}", ctx(), uci(mv)));
            // What play() returned is what evaluate() says now (checked at the top of the next
            // round against cozy-chess).
            assert_eq!(
                status,
                game.evaluate(),
                "{}, {}: play() returned a different status",
                ctx(),
                uci(mv)
            );
            pos.make(mv).unwrap();
            b.play(to_cozy(mv));
            played.push(mv);
            positions.push(pos);
            keys.push(repetition_key(&pos));
            boards.push(b.clone());
            t.plies += 1;
        }

        // Undo the whole game, checking every position on the way back.
        for j in (0..played.len()).rev() {
            assert!(game.undo(), "playout {i}: undo {j}");
            assert!(game.is_ongoing(), "playout {i}: undo reopens");
            assert_eq!(
                game.position(),
                &positions[j],
                "playout {i} from '{start}': undo to ply {j}"
            );
        }
        assert!(!game.undo(), "playout {i}: undo past the start");
        assert_eq!(game.len(), 0);
    }
    eprintln!("{t:?}");
    t
}

#[test]
fn playouts_from_startpos() {
    let t = run_playouts(&[STARTPOS.to_string()], 4000, 1);
    assert_eq!(t.playouts, 4000);
    // The playouts must actually reach the rules they compare (insufficient material is
    // reached from the endgame positions below).
    assert!(
        t.mates > 100 && t.stalemates > 10 && t.repetitions > 500 && t.fifty > 50,
        "{t:?}"
    );
    assert!(
        t.castles > 500 && t.en_passant > 200 && t.promotions > 1000 && t.checks > 10_000,
        "{t:?}"
    );
}

#[test]
fn playouts_from_cpw_positions() {
    let t = run_playouts(&cpw6_fens(), 3000, 2);
    assert_eq!(t.playouts, 3000);
    assert!(
        t.mates > 100 && t.stalemates > 10 && t.repetitions > 300 && t.fifty > 50,
        "{t:?}"
    );
    assert!(
        t.insufficient > 50 && t.castles > 1000 && t.en_passant > 150 && t.promotions > 1000,
        "{t:?}"
    );
}

#[test]
fn playouts_from_sedlak_positions() {
    let t = run_playouts(&sedlak_fens(), 3000, 3);
    assert_eq!(t.playouts, 3000);
    assert!(
        t.mates > 30 && t.stalemates > 50 && t.repetitions > 300 && t.fifty > 300,
        "{t:?}"
    );
    assert!(
        t.insufficient > 500 && t.castles > 300 && t.en_passant > 50 && t.promotions > 500,
        "{t:?}"
    );
}

/// The tactical generator (quiescence) against cozy-chess's moves filtered by its contract:
/// captures (en passant included) and queen promotions, or every legal move when in check
/// ("all evasions when in check", `movegen::GenType::Tactical`). Quiescence relies on the
/// latter: it scores an in-check position without tactical moves as mate.
fn check_tactical_generation(check_positions: bool, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let starts = all_start_fens();
    let mut compared = 0;
    for i in 0..600 {
        let start = &starts[i % starts.len()];
        let mut pos = parse(start);
        let mut b: cz::Board = start.parse().unwrap();
        for ply in 0..MAX_PLIES {
            let moves = sorted_moves(&pos);
            if moves.is_empty() || pos.halfmove_clock() >= 100 {
                break;
            }
            let in_check = !b.checkers().is_empty();
            if in_check == check_positions {
                compared += 1;
                let mut list = MoveList::new();
                movegen::generate(&pos, GenType::Tactical, &mut list);
                let mut got: Vec<u32> = list.as_slice().iter().map(|&m| move_key(m)).collect();
                got.sort_unstable();
                let us = b.side_to_move();
                let want: Vec<u32> = moves
                    .iter()
                    .filter(|m| {
                        let to = cz::Square::index(m.to().index());
                        let pawn = b.piece_on(cz::Square::index(m.from().index()))
                            == Some(cz::Piece::Pawn);
                        let capture = b.color_on(to) == Some(!us)
                            || (pawn && m.from().file() != m.to().file());
                        // Out of check, underpromotions are left to the full search.
                        let promo_ok = matches!(m.promotion_kind(), None | Some(PieceKind::Queen));
                        in_check || (promo_ok && (capture || m.promotion_kind().is_some()))
                    })
                    .map(|&m| move_key(m))
                    .collect();
                assert_eq!(
                    key_names(&got),
                    key_names(&want),
                    "tactical moves of '{}' (in check: {in_check}), playout {i} ply {ply}",
                    fen(&pos)
                );
            }
            let mv = moves[rng.below(moves.len())];
            pos.make(mv).unwrap();
            b.play(to_cozy(mv));
        }
    }
    compared
}

#[test]
fn tactical_generation_out_of_check() {
    let n = check_tactical_generation(false, 4);
    assert!(n > 50_000, "{n}");
}

#[test]
fn tactical_generation_in_check_gives_every_evasion() {
    let n = check_tactical_generation(true, 5);
    assert!(n > 1000, "{n}");
}

/// The smallest case of the above: the only evasion is a pawn interposing.
#[test]
fn tactical_generation_in_check_includes_pawn_blocks() {
    let pos = parse("1r2k2b/8/8/8/8/8/2P5/K1n5 w - - 0 1");
    assert!(pos.in_check());
    let all: Vec<String> = sorted_moves(&pos).iter().map(|&m| uci(m)).collect();
    assert_eq!(all, ["c2c3"]);
    let mut list = MoveList::new();
    movegen::generate(&pos, GenType::Tactical, &mut list);
    let tactical: Vec<String> = list.as_slice().iter().map(|&m| uci(m)).collect();
    assert_eq!(
        tactical,
        ["c2c3"],
        "quiescence would score this position as mate"
    );
}

/// Sanity of the oracle itself: cozy-chess and the conversion agree on a few fixed positions.
#[test]
fn oracle_conversions() {
    let b: cz::Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let names = key_names(&cozy_keys(&b));
    assert!(names.contains(&"e1g1".to_string()) && names.contains(&"e1c1".to_string()));
    assert!(!names.contains(&"e1h1".to_string()) && !names.contains(&"e1a1".to_string()));
    assert_eq!(names.len(), 26);
    let pos = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = sorted_moves(&pos)
        .into_iter()
        .find(|m| uci(*m) == "e1g1")
        .unwrap();
    assert!(castle.is_castling());
    assert_eq!(format!("{}", to_cozy(castle)), "e1h1");
    // cozy-chess writes the en passant square after every double push; the adjusted FEN keeps
    // it only when the capture is legal.
    let mut b = cz::Board::default();
    b.play("e2e4".parse().unwrap());
    assert_eq!(
        format!("{b}"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(
        cozy_fen(&b),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(cozy_pseudo_ep(&b), None);
    let b: cz::Board = "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1".parse().unwrap();
    assert_eq!(cozy_pseudo_ep(&b), Some(Square::new(43).unwrap().index()));
    assert_eq!(cozy_legal_ep(&b), None);
    let b: cz::Board = "8/5k2/8/2Pp4/2B5/1K6/8/8 w - d6 0 1".parse().unwrap();
    assert_eq!(cozy_legal_ep(&b), Some(cz::Square::D6));
    assert!(cozy_insufficient(
        &"8/8/8/8/8/8/8/K1k5 w - - 0 1".parse().unwrap()
    ));
    assert!(cozy_insufficient(
        &"2b5/8/8/8/8/8/8/K1k2B2 w - - 0 1".parse().unwrap()
    ));
    assert!(!cozy_insufficient(
        &"1b6/8/8/8/8/8/8/K1k2B2 w - - 0 1".parse().unwrap()
    ));
    assert!(!cozy_insufficient(
        &"8/8/8/8/8/8/8/KNk2N2 w - - 0 1".parse().unwrap()
    ));
}
