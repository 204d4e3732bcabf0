//! python-chess drives `kchess uci` the way a GUI or match runner does (`tools/elo/uci_live.py`):
//! on the in-process device, and on the simulator when it is built beside `kchess` (as
//! `cargo test --workspace` builds it).

use std::path::Path;
use std::process::Command;

fn python_chess() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success())
}

fn run(kchess: &str, extra: &[&str]) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/elo/uci_live.py");
    let out = Command::new("python3")
        .args([script, "--engine", kchess, "--"])
        .args(extra)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "uci_live.py {extra:?} failed:\n{text}"
    );
    assert!(text.ends_with("uci_live: all passed\n"), "{text}");
}

#[test]
fn python_chess_drives_the_bridge() {
    if !python_chess() {
        eprintln!("python-chess is not installed (tools/setup.sh --test installs it): skipped");
        return;
    }
    let kchess = env!("CARGO_BIN_EXE_kchess");
    run(kchess, &["--in-process"]);
    let sim = Path::new(kchess).with_file_name("chess-sim");
    if sim.exists() {
        run(kchess, &["--sim", &sim.to_string_lossy()]);
    } else {
        eprintln!(
            "{} is not built: the simulator's run is skipped",
            sim.display()
        );
    }
}
