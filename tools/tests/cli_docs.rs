//! The man pages and shell completions that kchess generates from its command line.

use std::process::Command;

const KCHESS: &str = env!("CARGO_BIN_EXE_kchess");

fn kchess(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(KCHESS).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_play_man_page_documents_options_and_commands() {
    let (ok, page, _) = kchess(&["man", "play"]);
    assert!(ok);
    assert!(page.contains(".TH kchess-play 1"), "{page}");
    for text in [
        r"\-\-tc",
        r"\-\-pgn\-out",
        r"\-\-colour",
        "save FILE",
        "Ctrl\\-C",
    ] {
        assert!(page.contains(text), "{text} missing:\n{page}");
    }
    let (ok, page, _) = kchess(&["man"]);
    assert!(ok);
    assert!(page.contains(".TH kchess 1"), "{page}");
    let (ok, _, err) = kchess(&["man", "chess"]);
    assert!(!ok);
    assert_eq!(err, "kchess: kchess has no subcommand \"chess\"\n");
}

#[test]
fn every_page_is_written_to_a_directory() {
    let dir = std::env::temp_dir().join(format!("kchess-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (ok, _, err) = kchess(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(ok, "{err}");
    for page in [
        "kchess.1",
        "kchess-play.1",
        "kchess-uci.1",
        "kchess-perft.1",
    ] {
        assert!(dir.join(page).exists(), "{page}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shells_complete_the_play_options() {
    for shell in ["bash", "zsh", "fish"] {
        let (ok, script, err) = kchess(&["completions", shell]);
        assert!(ok, "{shell}: {err}");
        assert!(script.contains("pgn-out"), "{shell}:\n{script}");
        assert!(script.contains("random"), "{shell}:\n{script}");
    }
}
