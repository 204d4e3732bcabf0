//! Strength levels, variety, ranked lines and `03 MOVE...`, through the protocol.

use chess_sim::Session;

/// Runs `commands` (one per line) on a fresh device; the replies, without their newlines.
fn run(commands: &str) -> Vec<String> {
    let mut s = Session::new(1);
    commands
        .lines()
        .map(|c| {
            let reply = s.command_simple(format!("{c}\n").as_bytes());
            String::from_utf8(reply)
                .unwrap()
                .trim_end_matches('\n')
                .to_string()
        })
        .collect()
}

/// A CPU-against-CPU game of `plies` under `settings`; its `05`.
fn game(settings: &str, plies: usize) -> String {
    let script = format!("{settings}\n00 H\n{}05", "03\n".repeat(plies));
    run(&script).pop().unwrap()
}

#[test]
fn a_seed_replays_a_levelled_game_and_another_seed_does_not() {
    let a = game("07 S11\n07 L1000\n07 D4", 30);
    assert_eq!(a, game("07 S11\n07 L1000\n07 D4", 30));
    assert_eq!(a.split(' ').count(), 30, "{a}");
    let others: Vec<String> = (12..16)
        .map(|seed| game(&format!("07 S{seed}\n07 L1000\n07 D4"), 30))
        .collect();
    assert!(others.iter().any(|g| *g != a), "five seeds, one game: {a}");
}

#[test]
fn full_strength_and_level_2400_play_the_search_s_move() {
    let plain = game("07 D4", 12);
    assert_eq!(plain, game("07 S3\n07 L2400\n07 D4", 12));
    assert_eq!(plain, game("07 S3\n07 L1000\n07 L\n07 D4", 12));
    assert_eq!(plain, game("07 S3\n07 V0\n07 D4", 12));
}

#[test]
fn variety_changes_the_game_but_stays_near_the_best() {
    let plain = game("07 D4", 16);
    let varied: Vec<String> = (1..6)
        .map(|seed| game(&format!("07 S{seed}\n07 V60\n07 D4"), 16))
        .collect();
    assert!(varied.iter().any(|g| *g != plain), "{plain}");
}

#[test]
fn a_low_level_searches_few_nodes() {
    let replies = run("07 S1\n07 L800\n00 H\n03\n13");
    let record = &replies[4];
    let nodes: u64 = record
        .split(" nodes ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{record}"));
    // 40 nodes, plus what the first iteration of each ranked line needs before it may stop.
    assert!(nodes <= 200, "{record}");
}

#[test]
fn ranked_lines_come_in_one_reply_with_distinct_first_moves() {
    let replies = run("00 H\n07 P3\n07 D4\n03\n13\n07 P1\n03\n13");
    let lines: Vec<&str> = replies[4].split(" ; ").collect();
    assert_eq!(lines.len(), 3, "{}", replies[4]);
    let first: Vec<&str> = lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            assert!(l.starts_with("depth 4 "), "{l}");
            assert!(l.contains(&format!(" multipv {} score ", k + 1)), "{l}");
            l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()
        })
        .collect();
    assert!(first[0] != first[1] && first[1] != first[2] && first[0] != first[2]);
    // Back to one line: the record has no rank.
    assert!(
        !replies[7].contains("multipv") && !replies[7].contains(" ; "),
        "{}",
        replies[7]
    );
}

#[test]
fn the_cpu_chooses_among_the_named_moves_only() {
    let replies = run(
        "00 H\n07 D3\n03 WPa2-a3 WPh2-h3\n05\n03 WPe2-e4\n03 BPe7-e5\n03 BPe7-e5 BPc7-c9\n\
         03 BPe7-e5\x20\n03 BPe7-e5  BPd7-d5\n00 W\n03 WPe2-e4\n03 BPe7-e5\n04\n03 WPe2-e4",
    );
    assert_eq!(replies[2], "OK");
    assert!(
        replies[3] == "WPa2-a3" || replies[3] == "WPh2-h3",
        "{}",
        replies[3]
    );
    // A named move that is not legal here, then malformed lists.
    assert_eq!(
        replies[4..9],
        ["ILLMOVE", "OK", "INVFMT", "INVFMT", "INVFMT"]
    );
    // On the human's turn: OOT, whatever the moves; after the game: NOGAME.
    assert_eq!(replies[9..14], ["OK", "OOT", "OOT", "OK", "NOGAME"]);
}

#[test]
fn a_list_as_long_as_a_command_allows() {
    let many = vec!["WNg1-f3"; 32].join(" ");
    let fits = vec!["WNg1-f3"; 31].join(" ");
    assert_eq!(format!("03 {fits}\n").len(), 251);
    let replies = run(&format!("00 H\n07 D1\n03 {many}\n03 {fits}\n05"));
    assert_eq!(replies[2..], ["INVFMT", "OK", "WNg1-f3"]);
}

#[test]
fn the_settings_refuse_what_is_out_of_range() {
    let replies = run(
        "07 L800\n07 L2400\n07 L\n07 L799\n07 L2401\n07 L0\n07 L01000\n07 V0\n07 V100\n\
         07 V101\n07 V\n07 S0\n07 S9999999999999999\n07 S\n07 P1\n07 P8\n07 P0\n07 P9\n07 X1",
    );
    assert_eq!(
        replies,
        [
            "OK", "OK", "OK", "INVFMT", "INVFMT", "INVFMT", "INVFMT", "OK", "OK", "INVFMT",
            "INVFMT", "OK", "OK", "INVFMT", "OK", "OK", "INVFMT", "INVFMT", "INVFMT"
        ]
    );
}

/// A budget whose clock stands still and that interrupts the search at its first look.
struct Interrupting;

impl chess_core::search::Budget for Interrupting {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn interrupted(&mut self) -> bool {
        true
    }
}

#[test]
fn an_interrupted_search_leaves_the_last_record_of_every_line() {
    let mut s = Session::new(1);
    for c in ["00 H\n", "07 P3\n", "07 D3\n", "03\n"] {
        s.command_simple(c.as_bytes());
    }
    let before = s.command_simple(b"13\n");
    assert_eq!(String::from_utf8_lossy(&before).matches(" ; ").count(), 2);
    // A deeper search, interrupted: nothing changes, the record included.
    s.command_simple(b"07 D20\n");
    assert!(s.command(b"03\n", &mut Interrupting).is_err());
    assert_eq!(s.command_simple(b"13\n"), before);
    assert_eq!(s.command_simple(b"05\n").split(|&b| b == b' ').count(), 1);
}
