//! Every protocol transcript, replayed against an in-process device and against the
//! `chess-sim` binary over real pipes.

use std::path::PathBuf;

use kchess::link::Target;
use kchess::transcript::run_files;

fn transcripts() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 15,
        "expected the transcript suite, found {}",
        files.len()
    );
    files
}

#[test]
fn transcripts_in_process() {
    let files = transcripts();
    let tally = run_files(&files, &Target::InProcess, || Ok(()));
    assert_eq!(
        (tally.passed, tally.failed, tally.skipped),
        (files.len(), 0, 0)
    );
}

#[test]
fn transcripts_over_pipes() {
    let files = transcripts();
    let sim = Target::Sim(PathBuf::from(env!("CARGO_BIN_EXE_chess-sim")));
    let tally = run_files(&files, &sim, || Ok(()));
    let single_write = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .starts_with("# requires: single-write")
        })
        .count();
    assert_eq!(
        (tally.passed, tally.failed, tally.skipped),
        (files.len() - single_write, 0, single_write)
    );
}
