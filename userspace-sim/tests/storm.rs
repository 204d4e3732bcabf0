//! A seeded random storm of a million commands, valid, invalid and garbage, against one
//! device: every reply must be one the protocol allows for its command, and the game must stay
//! consistent (the FEN of `06` re-parses, every move `11` lists is accepted by `02`).

use chess_core::fen::parse_fen;
use chess_sim::Session;
use kchess::validate::{check, is_move_list, CODES, MOVE_REPLIES};
use kchess::vmcheck::Rng;

fn random_move_text(rng: &mut Rng) -> Vec<u8> {
    let mut m = Vec::new();
    m.push(*rng.pick(b"WB"));
    m.push(*rng.pick(b"KQRBNP"));
    m.extend([b'a' + rng.below(8) as u8, b'1' + rng.below(8) as u8, b'-']);
    m.extend([b'a' + rng.below(8) as u8, b'1' + rng.below(8) as u8]);
    match rng.below(4) {
        0 => m.extend([b'x', *rng.pick(b"WB"), *rng.pick(b"KQRBNP")]),
        1 => m.extend([b'y', *rng.pick(b"WB"), *rng.pick(b"QRBN")]),
        _ => {}
    }
    m
}

fn garbage(rng: &mut Rng) -> Vec<u8> {
    let max = if rng.below(50) == 0 { 400 } else { 20 };
    let len = rng.below(max);
    let mut v: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
    if rng.below(2) == 0 {
        v.push(b'\n');
    }
    v
}

/// A command that differs from a valid one by one byte, or is cut short.
fn mutate(rng: &mut Rng, mut v: Vec<u8>) -> Vec<u8> {
    if v.is_empty() {
        return v;
    }
    let i = rng.below(v.len());
    match rng.below(4) {
        0 => v[i] = rng.next_u64() as u8,
        1 => {
            v.remove(i);
        }
        2 => v.insert(i, *rng.pick(b" \n\r0123456789WBHKQRNPxy-")),
        _ => v.truncate(i),
    }
    v
}

#[test]
fn a_million_commands() {
    let mut rng = Rng(0x6b63_6865_7373_0001);
    let mut session = Session::new(1);
    let mut legal: Vec<Vec<u8>> = Vec::new();
    let mut saved: Vec<u8> = b"W rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_vec();
    let mut replies = [0usize; 3];
    let total = 1_000_000;
    for n in 0..total {
        let mut cmd: Vec<u8> = match rng.below(40) {
            0 => format!("00 {}\n", *rng.pick(&["W", "B", "H"])).into_bytes(),
            1..=4 => b"01\n".to_vec(),
            5..=14 if !legal.is_empty() => {
                let mut c = b"02 ".to_vec();
                c.extend(rng.pick(&legal));
                c.push(b'\n');
                c
            }
            15..=16 => {
                let mut c = b"02 ".to_vec();
                c.extend(random_move_text(&mut rng));
                c.push(b'\n');
                c
            }
            17..=18 => b"03\n".to_vec(),
            19 if rng.below(20) == 0 => b"04\n".to_vec(),
            20 => b"05\n".to_vec(),
            21 => b"06\n".to_vec(),
            22 => format!("07 {}{}\n", *rng.pick(&["D", "N", "T", "X"]), rng.below(4)).into_bytes(),
            23 => b"08\n".to_vec(),
            24 => {
                let mut c = b"09 ".to_vec();
                c.extend(&saved);
                c.push(b'\n');
                c
            }
            25..=26 => b"10\n".to_vec(),
            27..=29 => b"11\n".to_vec(),
            30 if rng.below(10) == 0 => format!("12 {}\n", rng.below(3)).into_bytes(),
            31 => b"13\n".to_vec(),
            32..=35 => garbage(&mut rng),
            _ => {
                let base = format!("{:02} ", rng.below(14)).into_bytes();
                let mut c = base;
                c.extend(random_move_text(&mut rng));
                c.push(b'\n');
                mutate(&mut rng, c)
            }
        };
        // Keep CPU searches tiny so a million commands stay fast.
        if cmd == b"07 T0\n" || cmd.starts_with(b"07 T") {
            cmd = b"07 D1\n".to_vec();
        }
        if cmd.starts_with(b"07 N") && cmd != b"07 N0\n" {
            cmd = b"07 N50\n".to_vec();
        }
        let reply = session.command_simple(&cmd);
        if let Err(e) = check(&cmd, &reply) {
            panic!("command {n}: {e}");
        }
        if CODES.contains(&reply.as_slice()) {
            replies[0] += 1;
        } else {
            replies[1] += 1;
        }
        // Keep the oracle's view of the game fresh.
        if cmd.starts_with(b"0") || cmd.starts_with(b"1") {
            let moves = session.command_simple(b"11\n");
            legal = if moves.len() > 1 && moves.last() == Some(&b'\n') && is_move_list(&moves) {
                moves[..moves.len() - 1]
                    .split(|&c| c == b' ')
                    .map(<[u8]>::to_vec)
                    .collect()
            } else {
                Vec::new()
            };
            let record = session.command_simple(b"08\n");
            if record != b"NOGAME\n" {
                assert!(
                    parse_fen(&record[2..record.len() - 1]).is_ok(),
                    "{record:?}"
                );
                saved = record[..record.len() - 1].to_vec();
            }
            if n % 1000 == 0 && !legal.is_empty() {
                // Every listed move is accepted by 02 when it is a human's turn.
                let fen_before = session.command_simple(b"06\n");
                let mv = rng.pick(&legal).clone();
                let mut c = b"02 ".to_vec();
                c.extend(&mv);
                c.push(b'\n');
                let r = session.command_simple(&c);
                if r != b"OOT\n" {
                    assert!(MOVE_REPLIES.contains(&r.as_slice()), "{mv:?} -> {r:?}");
                    assert_eq!(session.command_simple(b"10\n"), b"OK\n");
                    assert_eq!(session.command_simple(b"06\n"), fen_before);
                    replies[2] += 1;
                }
            }
        }
    }
    // The storm must have exercised both code replies and data replies.
    assert!(
        replies[0] > total / 4 && replies[1] > total / 10,
        "{replies:?}"
    );
    assert!(replies[2] > 100, "{replies:?}");
}
