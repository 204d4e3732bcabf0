//! `kchess play` as a person uses it: in a pseudo-terminal, with the line editor, Ctrl-C and
//! files. Searches have fixed depths, except the one that Ctrl-C cuts short.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use kchess::play::pgn::read_pgn;
use rexpect::session::{spawn_command, PtySession};

const KCHESS: &str = env!("CARGO_BIN_EXE_kchess");

/// A scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kchess-pty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `kchess play ARGS` in a terminal, with `home` as its home (where finished games go).
fn play(args: &[&str], home: &Path) -> PtySession {
    let mut cmd = Command::new(KCHESS);
    cmd.arg("play").args(args);
    cmd.env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_STATE_HOME")
        .env_remove("NO_COLOR")
        .env("TERM", "xterm");
    spawn_command(cmd, Some(30_000)).unwrap()
}

/// The simulator beside kchess when it was built, else the in-process device.
fn target() -> Vec<String> {
    let sim = Path::new(KCHESS).with_file_name("chess-sim");
    if sim.exists() {
        vec!["--sim".into(), sim.display().to_string()]
    } else {
        eprintln!("no chess-sim beside kchess: the in-process device plays");
        vec!["--in-process".into()]
    }
}

#[test]
fn a_game_is_saved_reloaded_and_continued() {
    let dir = scratch("save");
    let file = dir.join("game.pgn");
    let file_arg = file.display().to_string();
    let mut p = play(&["--in-process", "--depth", "2", "--ascii"], &dir);
    p.exp_string("1. Your move (white) > ").unwrap();
    p.send_line("e4").unwrap();
    p.exp_string("You play 1. e4 (WPe2-e4)").unwrap();
    p.exp_string("kchess plays 1... ").unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    p.send_line(&format!("save {file_arg}")).unwrap();
    p.exp_string("Saved the game to").unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    // Saved: quit does not ask.
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    let text = std::fs::read_to_string(&file).unwrap();
    let (saved, count) = read_pgn(&text, None).unwrap();
    assert_eq!((count, saved.moves.len()), (1, 2), "{text}");
    assert_eq!(saved.tag("Black"), Some("kchess"), "{text}");
    assert_eq!(saved.result, "*");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(text.contains("\n1. e4 "), "{text}");
    python_chess_reads(&file, 2);

    let mut p = play(
        &[
            "--in-process",
            "--depth",
            "2",
            "--ascii",
            "--pgn",
            &file_arg,
        ],
        &dir,
    );
    p.exp_string("Game loaded (2 half-moves): you play white.")
        .unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    p.send_line("Nf3").unwrap();
    p.exp_string("You play 2. Nf3 (WNg1-f3)").unwrap();
    p.exp_string("kchess plays 2... ").unwrap();
    p.exp_string("3. Your move (white) > ").unwrap();
    p.send_line("moves").unwrap();
    p.exp_regex(r"1\. e4 \S+ 2\. Nf3 \S+\r?\n").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("The game is not saved ('save FILE' keeps it). Quit anyway? (y/n) > ")
        .unwrap();
    p.send_line("n").unwrap();
    p.exp_string("3. Your move (white) > ").unwrap();
    p.send_line(&format!("save {file_arg}")).unwrap();
    p.exp_string("Saved the game to").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(read_pgn(&text, None).unwrap().0.moves.len(), 4, "{text}");
    python_chess_reads(&file, 4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// python-chess, when installed, reads the file's game with `plies` moves and no errors.
fn python_chess_reads(file: &Path, plies: usize) {
    let script = "import sys, chess.pgn\n\
                  g = chess.pgn.read_game(open(sys.argv[1]))\n\
                  assert not g.errors, g.errors\n\
                  print(len(list(g.mainline_moves())))\n";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(file)
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let n = String::from_utf8_lossy(&o.stdout);
            assert_eq!(n.trim(), plies.to_string());
        }
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("No module named") => {
            eprintln!("python-chess is not installed: pgn-reader alone checked the file");
        }
        Ok(o) => panic!("python-chess: {}", String::from_utf8_lossy(&o.stderr)),
        Err(_) => eprintln!("no python3: pgn-reader alone checked the file"),
    }
}

#[test]
fn ctrl_c_makes_the_cpu_move_now_and_then_asks_before_quitting() {
    let dir = scratch("ctrlc");
    let mut args: Vec<String> = target();
    args.extend(["--colour", "b", "--think", "60000", "--ascii"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut p = play(&args, &dir);
    p.exp_string("kchess is thinking... (Ctrl-C: move now)")
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    p.send_control('c').unwrap();
    p.exp_string("Moving now.").unwrap();
    p.exp_string("kchess plays 1. ").unwrap();
    // Far sooner than the minute it had.
    assert!(asked.elapsed() < Duration::from_secs(20));
    p.exp_string("1... Your move (black) > ").unwrap();
    // At the prompt Ctrl-C means quit; the game has a move, so it asks; Ctrl-C again leaves.
    p.send_control('c').unwrap();
    p.exp_string("Quit anyway? (y/n) > ").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_people_play_to_mate_and_the_game_is_recorded() {
    let dir = scratch("humans");
    let mut p = play(&["--in-process", "--humans", "--ascii"], &dir);
    p.exp_string("New game: two players at one board.").unwrap();
    for (prompt, mv) in [
        ("1. White to move > ", "f3"),
        ("1... Black to move > ", "e5"),
        ("2. White to move > ", "g4"),
        ("2... Black to move > ", "Qh4"),
    ] {
        p.exp_string(prompt).unwrap();
        p.send_line(mv).unwrap();
    }
    p.exp_string("Black plays 2... Qh4# (BQd8-h4)").unwrap();
    // The default file of finished games, under the home directory.
    let recorded = dir.join(".local/share/kchess/games.pgn");
    p.exp_string(&format!("The game is recorded in {}.", recorded.display()))
        .unwrap();
    p.exp_string("Checkmate: Black wins.").unwrap();
    p.exp_string("Game over. Play again? (y = new game, n = quit) > ")
        .unwrap();
    p.send_line("n").unwrap();
    p.exp_eof().unwrap();
    let text = std::fs::read_to_string(&recorded).unwrap();
    let (game, _) = read_pgn(&text, None).unwrap();
    assert_eq!((game.moves.len(), game.result.as_str()), (4, "0-1"));
    assert!(
        text.contains("1. f3 e5 2. g4 Qh4# {Checkmate: Black wins.} 0-1"),
        "{text}"
    );
    python_chess_reads(&recorded, 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ascii_and_colour_boards() {
    let dir = scratch("ascii");
    let mut p = play(&["--in-process", "--ascii", "--depth", "1"], &dir);
    p.exp_string(" 8  r  n  b  q  k  b  n  r  8").unwrap();
    p.exp_string(" 1  R  N  B  Q  K  B  N  R  1").unwrap();
    p.send_line("e4").unwrap();
    p.exp_regex(r"\[[pnbrqk]\]").unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    quit_unsaved(&mut p);

    // On a terminal without --ascii: filled glyphs for both sides (the same bytes, read here
    // one byte a character) in black and white on light and dark squares.
    let mut p = play(&["--in-process", "--depth", "1"], &dir);
    let rook: String = "♜".bytes().map(char::from).collect();
    p.exp_string(&format!("\u{1b}[1;38;5;16;48;5;180m {rook} "))
        .unwrap();
    p.exp_string(&format!("\u{1b}[1;38;5;231;48;5;137m {rook} "))
        .unwrap();
    p.exp_string("1. Your move (white) > ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Quits a game that has unsaved moves: kchess asks, and the answer is yes.
fn quit_unsaved(p: &mut PtySession) {
    p.send_line("quit").unwrap();
    p.exp_string("Quit anyway? (y/n) > ").unwrap();
    p.send_line("y").unwrap();
    p.exp_eof().unwrap();
}

/// Sends keys as typed, at once.
fn type_keys(p: &mut PtySession, keys: &str) {
    p.send(keys).unwrap();
    p.flush().unwrap();
}

#[test]
fn arrow_keys_edit_the_line_and_tab_completes() {
    let dir = scratch("edit");
    let mut p = play(&["--in-process", "--ascii", "--depth", "1"], &dir);
    p.exp_string("1. Your move (white) > ").unwrap();
    // "x", Backspace, "e4", left arrow, "2e", right arrow: the line is e2e4, with no escape
    // sequence in it.
    type_keys(&mut p, "x\u{7f}e4\u{1b}[D2e\u{1b}[C\r");
    p.exp_string("You play 1. e4 (WPe2-e4)").unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    // Tab completes a move with one completion: Nf3 from "Nf".
    type_keys(&mut p, "Nf\t");
    type_keys(&mut p, "\r");
    p.exp_string("You play 2. Nf3 (WNg1-f3)").unwrap();
    p.exp_string("3. Your move (white) > ").unwrap();
    // Up arrow brings the previous line back.
    type_keys(&mut p, "\u{1b}[A\r");
    p.exp_string("Nf3 is not legal here").unwrap();
    p.exp_string("3. Your move (white) > ").unwrap();
    quit_unsaved(&mut p);

    // The history outlives the session: two lines up is Nf3 (then quit).
    assert!(dir.join(".local/state/kchess/history").exists());
    let mut p = play(&["--in-process", "--ascii", "--depth", "1"], &dir);
    p.exp_string("1. Your move (white) > ").unwrap();
    type_keys(&mut p, "\u{1b}[A\u{1b}[A\r");
    p.exp_string("You play 1. Nf3 (WNg1-f3)").unwrap();
    p.exp_string("2. Your move (white) > ").unwrap();
    quit_unsaved(&mut p);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_pauses_kchess_playing_itself_and_go_goes_on() {
    let dir = scratch("watch");
    let mut p = play(
        &["--in-process", "--watch", "--think", "60000", "--ascii"],
        &dir,
    );
    p.exp_string("New game: kchess plays itself.").unwrap();
    p.exp_string("kchess is thinking... (Ctrl-C: move now)")
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("Moving now.").unwrap();
    p.exp_string("kchess plays 1. ").unwrap();
    p.exp_string("Paused: type 'go' to go on, or a move to play it yourself.")
        .unwrap();
    p.exp_string("1... kchess to move ('go', or a move) > ")
        .unwrap();
    // A move typed while paused is played for the side to move; kchess then goes on.
    p.send_line("e5").unwrap();
    p.exp_string("Black plays 1... e5 (BPe7-e5)").unwrap();
    p.exp_string("kchess is thinking... (Ctrl-C: move now)")
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("kchess plays 2. ").unwrap();
    p.exp_string("2... kchess to move ('go', or a move) > ")
        .unwrap();
    quit_unsaved(&mut p);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn clocks_run_and_a_flag_falls() {
    let dir = scratch("clock");
    // Six seconds each: the CPU thinks a twenty-second of its time, 0.27 s.
    let mut p = play(
        &["--in-process", "--ascii", "--tc", "0.1", "--colour", "b"],
        &dir,
    );
    p.exp_string("Clocks: White 0:0").unwrap();
    p.exp_regex(r"1\.\.\. Your move \(black, 0:0[56]\.\d\) > ")
        .unwrap();
    p.send_line("e5").unwrap();
    p.exp_string("kchess plays 2. ").unwrap();
    p.exp_regex(r"Clocks: White 0:0[45]\.\d \| Black 0:0[56]\.\d")
        .unwrap();
    p.exp_string("2... Your move (black, ").unwrap();
    // Waiting past the six seconds loses on time: the move that comes too late is not played.
    std::thread::sleep(Duration::from_millis(6500));
    p.send_line("Nc6").unwrap();
    p.exp_string("Your time ran out: kchess wins.").unwrap();
    p.exp_string("The game is over: type 'new'").unwrap();
    p.exp_string("Game over. Play again? (y = new game, n = quit) > ")
        .unwrap();
    p.send_line("pgn").unwrap();
    p.exp_string("[TimeControl \"6\"]").unwrap();
    p.exp_string("[Result \"1-0\"]").unwrap();
    p.exp_string("Game over. Play again?").unwrap();
    p.send_line("n").unwrap();
    p.exp_eof().unwrap();
    let recorded = dir.join(".local/share/kchess/games.pgn");
    let text = std::fs::read_to_string(&recorded).unwrap();
    assert!(
        text.contains("{Your time ran out: kchess wins.} 1-0"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_search_is_shown_as_it_goes() {
    let dir = scratch("live");
    let sim = target();
    let in_process = vec!["--in-process".to_string()];
    for way in [sim, in_process] {
        let mut args = way.clone();
        args.extend(["--colour", "b", "--think", "1500", "--ascii"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut p = play(&args, &dir);
        p.exp_string("kchess is thinking... (Ctrl-C: move now)")
            .unwrap();
        // The line is rewritten in place while the CPU thinks, then cleared.
        p.exp_regex(r"\r\x1b\[K  depth \d+, eval [^\r]+ for kchess, \S+ nodes, [\d.]+ s \.\.\.")
            .unwrap_or_else(|e| panic!("{way:?}: {e}"));
        p.exp_string("\r\x1b[Kkchess plays 1. ").unwrap();
        p.exp_string("1... Your move (black) > ").unwrap();
        quit_unsaved(&mut p);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
