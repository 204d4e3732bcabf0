use chess_core::{board::Position, movegen::perft, notation::parse_fen};
use std::time::Instant;
fn main() {
    let kiwi = b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for bulk in [false, true] {
        let mut p = Position::startpos();
        let t = Instant::now();
        let n = perft(&mut p, 6, bulk);
        let e = t.elapsed().as_secs_f64();
        println!(
            "start d6 bulk={bulk} {n} {:.2}s {:.1} Mnps",
            e,
            n as f64 / e / 1e6
        );
        let mut p = parse_fen(kiwi).unwrap();
        let t = Instant::now();
        let n = perft(&mut p, 5, bulk);
        let e = t.elapsed().as_secs_f64();
        println!(
            "kiwi d5 bulk={bulk} {n} {:.2}s {:.1} Mnps",
            e,
            n as f64 / e / 1e6
        );
    }
}
