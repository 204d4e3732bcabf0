//! Perft suites: the Chess Programming Wiki's positions and Martin Sedlak's edge cases.

use chess_core::fen::parse_fen;
use chess_core::movegen::perft;

/// Parses `FEN ;D1 n ;D2 n ...` lines into (fen, [(depth, count)]).
fn epd(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p[1..].split_once(' ').unwrap();
                    (d.parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn check_suite(text: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in epd(text) {
        let mut pos = parse_fen(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        for (depth, expected) in counts {
            if expected > max_nodes {
                continue;
            }
            assert_eq!(
                perft(&mut pos, depth, true),
                expected,
                "{fen} depth {depth}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn cpw_positions_depth_1_to_5() {
    let text = include_str!("../../tests/perft/cpw6.epd");
    let filtered: String = text
        .lines()
        .map(|l| {
            l.split(';')
                .filter(|p| !matches!(p.trim().get(..2), Some("D6" | "D7" | "D8")))
                .collect::<Vec<_>>()
                .join(";")
                + "\n"
        })
        .collect();
    assert_eq!(check_suite(&filtered, u64::MAX), 35);
}

#[test]
fn startpos_depth_6() {
    let mut pos = chess_core::board::Position::startpos();
    assert_eq!(perft(&mut pos, 6, true), 119_060_324);
}

#[test]
fn kiwipete_depth_5_with_full_make() {
    let fen = b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = parse_fen(fen).unwrap();
    assert_eq!(perft(&mut pos, 5, false), 193_690_690);
}

#[test]
fn sedlak_edge_cases() {
    assert_eq!(
        check_suite(include_str!("../../tests/perft/sedlak.epd"), u64::MAX),
        28
    );
}

/// Deeper than the move lists perft keeps (eight plies), where each ply makes its own: the
/// count agrees with the search's perft, which keeps a frame for every ply.
#[test]
fn perft_deeper_than_its_lists() {
    let fen = b"k7/8/8/8/8/8/8/7K w - - 0 1";
    let mut pos = parse_fen(fen).unwrap();
    let mut frames = vec![chess_core::search::Frame::new(); chess_core::search::FRAMES];
    let expected = chess_core::search::perft(&mut pos, 9, &mut frames);
    assert_eq!(expected, 3_083_208);
    assert_eq!(perft(&mut pos, 9, true), expected);
    assert_eq!(perft(&mut pos, 9, false), expected);
}
