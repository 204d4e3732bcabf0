//! Sessions of `kchess play` driven through its input and output.

use super::*;
use chess_core::command::Mode;

fn options(players: Players) -> Options {
    Options {
        players,
        limit: Limit::Time(20),
        fen: None,
        pgn: None,
        pgn_out: None,
        style: Style {
            ascii: false,
            colour: false,
        },
        tc: None,
        live: false,
        strength: Default::default(),
    }
}

/// The text of a piped session.
fn run_with(opts: &Options, input: &str) -> String {
    let mut out = Vec::new();
    let mut lines = Plain {
        input: input.as_bytes(),
        echo: true,
    };
    let stop = AtomicBool::new(false);
    run(&Target::InProcess, opts, &mut lines, &mut out, &stop).unwrap();
    String::from_utf8(out).unwrap()
}

fn session(colour: Colour, input: &str) -> String {
    run_with(&options(Players::Cpu { human: colour }), input)
}

#[test]
fn a_piped_game_against_the_in_process_device() {
    let text = session(
        Colour::White,
        "e2e4\nhello\ne2e5\nlegal\nundo\nNf3\nmoves\nfen\nresign\nlegal\nresign\nn\n",
    );
    assert!(text.contains("You play 1. e4 (WPe2-e4)"), "{text}");
    assert!(text.contains("kchess plays 1... "), "{text}");
    assert!(text.contains("I can't read \"hello\""), "{text}");
    assert!(text.contains("e2e5 is not legal here"), "{text}");
    assert!(text.contains("in all; 'legal' lists them)."), "{text}");
    assert!(text.contains(" legal moves: Ke2 "), "{text}");
    assert!(text.contains("Took back 2 half-moves."), "{text}");
    assert!(text.contains("You play 1. Nf3 (WNg1-f3)"), "{text}");
    assert!(text.contains("> moves\n1. Nf3 "), "{text}");
    assert!(text.contains("You resigned: kchess wins."), "{text}");
    assert!(text.contains("The game is over.\n"), "{text}");
    assert!(text.contains("The game is already over."), "{text}");
    // The resigned game has unsaved moves: leaving asks, and end of input leaves.
    assert!(text.contains("Quit anyway? (y/n) > \n"), "{text}");
}

#[test]
fn the_cpu_opens_when_the_human_plays_black() {
    let text = session(Colour::Black, "quit\n");
    assert!(text.contains("kchess plays 1. "), "{text}");
    assert!(text.contains(" 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8"), "{text}");
    assert!(text.contains("1... Your move (black)"), "{text}");
}

fn game_at<'a>(
    out: &'a mut Vec<u8>,
    stop: &'a AtomicBool,
    fen: &str,
    limit: Limit,
) -> Game<'a, Vec<u8>> {
    let mut client = Client::connect(&Target::InProcess).unwrap();
    client.set_limit(limit).unwrap();
    let mut game = Game::new(
        client,
        out,
        Players::Cpu {
            human: Colour::White,
        },
        limit,
        stop,
        None,
        None,
        Style::default(),
    );
    game.begin(Start::Fen(fen)).unwrap();
    game
}

#[test]
fn the_end_of_a_game_is_announced() {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let mut game = game_at(&mut out, &stop, fen, Limit::Time(20));
    game.human_move("Ra8").unwrap();
    assert_eq!(game.over.as_deref(), Some("Checkmate: you win!"));
    assert_eq!(game.result, "1-0");
    // Undo reopens the game at the human's turn.
    game.undo().unwrap();
    assert_eq!(game.over, None);
    assert_eq!(game.client.fen().unwrap(), fen);
    // Redo plays the move again.
    game.redo().unwrap();
    assert_eq!(game.result, "1-0");
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("You play 1. Ra8# (WRa1-a8)"), "{text}");
    assert!(text.contains("Took back 1 half-move."), "{text}");

    let mut out = Vec::new();
    let mut game = game_at(
        &mut out,
        &stop,
        "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
        Limit::Time(20),
    );
    game.human_move("Qg6").unwrap();
    assert_eq!(game.over.as_deref(), Some("Stalemate: the game is drawn."));
    assert_eq!(game.result, "1/2-1/2");

    let mut out = Vec::new();
    let mut game = game_at(
        &mut out,
        &stop,
        "7k/8/8/8/8/8/1r6/K7 w - - 0 1",
        Limit::Time(20),
    );
    game.human_move("Kxb2").unwrap();
    assert_eq!(game.over.as_deref(), Some("Draw by insufficient material."));

    // The CPU mates.
    let mut out = Vec::new();
    let fen = "r5k1/8/8/8/8/8/1P3PPP/6K1 w - - 0 1";
    let mut game = game_at(&mut out, &stop, fen, Limit::Depth(3));
    game.human_move("b3").unwrap();
    assert_eq!(game.over.as_deref(), Some("Checkmate: kchess wins."));
    assert_eq!(game.result, "0-1");
}

#[test]
fn refusals_are_told_not_fatal() {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let mut game = game_at(&mut out, &stop, fen, Limit::Time(20));
    game.client.resign().unwrap();
    game.human_move("Ra8").unwrap();
    game.resign().unwrap();
    game.undo().unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("The game is over: type 'new' for another game."),
        "{text}"
    );
    assert!(
        text.contains("The device refused the resignation: NOGAME"),
        "{text}"
    );
    assert!(text.contains("Nothing to undo."), "{text}");
}

#[test]
fn undo_and_redo_walk_the_game_against_the_cpu() {
    let mut opts = options(Players::Cpu {
        human: Colour::White,
    });
    opts.limit = Limit::Depth(2);
    let text = run_with(
        &opts,
        "e4\nd4\nundo\nundo\nundo\nredo\nredo\nredo\nmoves\nq\ny\n",
    );
    assert!(text.contains("Took back 2 half-moves."), "{text}");
    assert!(text.contains("Nothing to undo."), "{text}");
    assert!(text.contains("Nothing to redo."), "{text}");
    let moves = text.split("> moves\n").nth(1).unwrap();
    assert!(moves.starts_with("1. e4 "), "{text}");
    assert!(moves.lines().next().unwrap().contains(" 2. d4 "), "{text}");
    // Redo replays the CPU's replies too, not new ones.
    let first = text.split("> moves\n").next().unwrap();
    assert_eq!(first.matches("kchess plays").count(), 2, "{text}");
}

#[test]
fn two_people_play_to_mate_and_the_game_is_recorded() {
    let dir = std::env::temp_dir().join(format!("kchess-play-{}", std::process::id()));
    let path = dir.join("finished.pgn");
    let _ = std::fs::remove_file(&path);
    let mut opts = options(Players::Humans);
    opts.pgn_out = Some(path.clone());
    let text = run_with(&opts, "f3\ne5\ng4\nQh4\nn\n");
    assert!(text.contains("White plays 1. f3 (WPf2-f3)"), "{text}");
    assert!(text.contains("1... Black to move > e5"), "{text}");
    assert!(text.contains("Black plays 2... Qh4# (BQd8-h4)"), "{text}");
    assert!(text.contains("Checkmate: Black wins."), "{text}");
    assert!(!text.contains("kchess plays"), "{text}");
    let pgn = std::fs::read_to_string(&path).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(
        pgn.contains("1. f3 e5 2. g4 Qh4# {Checkmate: Black wins.} 0-1"),
        "{pgn}"
    );
    let (game, _) = pgn::read_pgn(&pgn, None).unwrap();
    assert_eq!(game.moves.len(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_is_loaded_and_continued() {
    let dir = std::env::temp_dir().join(format!("kchess-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.pgn");
    let mut opts = options(Players::Cpu {
        human: Colour::Black,
    });
    opts.limit = Limit::Depth(1);
    opts.fen = Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 30".into());
    let save = format!("Ke7\nsave {}\nquit\n", path.display());
    let text = run_with(&opts, &save);
    assert!(text.contains("Saved the game to"), "{text}");
    assert!(!text.contains("Quit anyway"), "{text}");
    let pgn = std::fs::read_to_string(&path).unwrap();
    assert!(pgn.contains("[White \"kchess\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 30\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("\n30. "), "{pgn}");
    let (saved, _) = pgn::read_pgn(&pgn, None).unwrap();
    assert_eq!(saved.moves.len(), 3);
    // Resumed as White by default, the saved tags put the person back on Black.
    let mut opts = options(Players::Cpu {
        human: Colour::White,
    });
    opts.limit = Limit::Depth(1);
    opts.pgn = Some(path.clone());
    let text = run_with(&opts, "moves\nlegal\nKd7\nq\ny\n");
    assert!(
        text.contains("Game loaded (3 half-moves): you play black."),
        "{text}"
    );
    assert!(text.contains("31... Your move (black) > moves"), "{text}");
    assert!(text.contains("You play 31... Kd7"), "{text}");
    assert!(text.contains("kchess plays 32. "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hint_leaves_the_game_alone() {
    let mut opts = options(Players::Cpu {
        human: Colour::White,
    });
    opts.limit = Limit::Depth(3);
    opts.fen = Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into());
    let text = run_with(&opts, "hint\nfen\n");
    assert!(text.contains("Hint: Ra8# (a1a8)  [depth "), "{text}");
    assert!(text.contains("for White"), "{text}");
    assert!(
        text.contains("\n6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n"),
        "{text}"
    );
}

#[test]
fn kchess_plays_itself_to_the_end() {
    let mut opts = options(Players::Watch);
    opts.limit = Limit::Depth(2);
    opts.fen = Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into());
    let text = run_with(&opts, "n\n");
    assert!(text.contains("kchess plays itself"), "{text}");
    assert!(text.contains("Checkmate: White wins."), "{text}");
    assert!(!text.contains("Your move"), "{text}");
}

#[test]
fn a_start_that_fails_is_an_error() {
    let mut opts = options(Players::Humans);
    opts.fen = Some("7k/8/8/8/8/8/8/K5QR w - - 0 1".into());
    let mut out = Vec::new();
    let mut lines = Plain {
        input: "".as_bytes(),
        echo: true,
    };
    let stop = AtomicBool::new(false);
    let e = run(&Target::InProcess, &opts, &mut lines, &mut out, &stop).unwrap_err();
    assert!(matches!(e, PlayError::NoStart), "{e}");
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("Cannot start from that position: not a legal position"),
        "{text}"
    );
}

#[test]
fn new_and_load_ask_before_leaving_an_unsaved_game() {
    let text = session(
        Colour::White,
        "e4\nnew\nn\nmoves\nload /nonexistent/x.pgn\ny\nnew black\ny\nquit\n",
    );
    assert!(
        text.contains("The game is not saved ('save FILE' keeps it). Leave it anyway? (y/n) > n\n"),
        "{text}"
    );
    assert!(text.contains("> moves\n1. e4 "), "{text}");
    assert!(text.contains("Cannot read /nonexistent/x.pgn: "), "{text}");
    assert!(text.contains("New game: you play black."), "{text}");
    // The new game has the CPU's move: quitting asks, and the end of input answers.
    assert!(text.ends_with("Quit anyway? (y/n) > \n"), "{text}");
}

#[test]
fn loading_a_finished_game_neither_records_it_again_nor_reopens_it() {
    let dir = std::env::temp_dir().join(format!("kchess-reload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.pgn");
    let mated = "[White \"a\"]\n[Black \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
    let resigned = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n";
    let file = dir.join("in.pgn");
    std::fs::write(&file, format!("{mated}{resigned}")).unwrap();
    let mut opts = options(Players::Humans);
    opts.pgn_out = Some(games.clone());
    let input = format!(
        "load {} 1\nmoves\nload {}\nmoves\nundo\nmoves\nq\ny\n",
        file.display(),
        file.display()
    );
    let text = run_with(&opts, &input);
    assert!(text.contains("holds 2 games: loading game 1."), "{text}");
    assert!(text.contains("Checkmate: Black wins."), "{text}");
    assert!(
        text.contains("> moves\n1. f3 e5 2. g4 Qh4# 0-1\n"),
        "{text}"
    );
    assert!(text.contains("holds 2 games: loading game 2."), "{text}");
    assert!(text.contains("The game ended 1-0."), "{text}");
    assert!(text.contains("> moves\n1. e4 1-0\n"), "{text}");
    assert!(text.contains("> moves\nNo moves yet.\n"), "{text}");
    assert!(!games.exists(), "loaded games are not recorded again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[derive(clap::Parser)]
struct Cli {
    #[command(flatten)]
    args: PlayArgs,
}

fn parse(args: &[&str]) -> Result<PlayArgs, clap::Error> {
    use clap::Parser;
    Cli::try_parse_from(std::iter::once("play").chain(args.iter().copied())).map(|c| c.args)
}

#[test]
fn colours_are_spelt_either_way() {
    for (args, colour) in [
        (&["--colour", "white"][..], ColourChoice::White),
        (&["--color", "black"], ColourChoice::Black),
        (&["--colour", "b"], ColourChoice::Black),
        (&["--color", "w"], ColourChoice::White),
        (&["--colour", "random"], ColourChoice::Random),
        (&[], ColourChoice::White),
    ] {
        assert_eq!(parse(args).unwrap().colour, colour, "{args:?}");
    }
    assert!(parse(&["--colour", "green"]).is_err());
    assert!(parse(&["--humans", "--watch"]).is_err());
    assert!(parse(&["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--pgn", "x"]).is_err());
    assert!(parse(&["--pgn-out", "x", "--no-pgn-out"]).is_err());
    let tc = parse(&["--tc", "5+3"]).unwrap().tc.unwrap();
    assert_eq!(tc.base, std::time::Duration::from_secs(300));
}

#[test]
fn the_device_mode_is_always_two_humans() {
    let mut c = Client::connect(&Target::InProcess).unwrap();
    c.new_game(Mode::Humans).unwrap();
    assert_eq!(c.save().unwrap().0, Mode::Humans);
}

#[test]
fn a_level_is_announced_and_recorded_and_a_seed_replays_the_game() {
    let dir = std::env::temp_dir().join(format!("kchess-level-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("level.pgn");
    let mut opts = options(Players::Cpu {
        human: Colour::White,
    });
    opts.limit = Limit::Depth(3);
    opts.strength = Strength {
        elo: Some(800),
        variety: 0,
        seed: Some(9),
    };
    let script = "e4\nd4\nNf3\nc3\nmoves\nsave ".to_string() + path.to_str().unwrap() + "\n";
    let text = run_with(&opts, &script);
    assert!(
        text.contains("New game: you play white against kchess at level 800."),
        "{text}"
    );
    let pgn = std::fs::read_to_string(&path).unwrap();
    assert!(pgn.contains("[BlackElo \"800\"]"), "{pgn}");
    assert!(!pgn.contains("WhiteElo"), "{pgn}");
    // The same seed, the same replies.
    let moves = |t: &str| -> Vec<String> {
        t.lines()
            .filter_map(|l| l.split("kchess plays ").nth(1))
            .map(|l| l.split(" (").next().unwrap_or(l).to_string())
            .collect()
    };
    assert_eq!(moves(&text).len(), 4, "{text}");
    assert_eq!(moves(&text), moves(&run_with(&opts, &script)), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
