//! `kchess uci --tty`: UCI on a terminal in raw mode, for GUIs one after another (the VM test
//! speaks to the kernel's board over a second serial port this way). A pseudo-terminal stands in
//! for the serial port.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use nix::pty::openpty;
use nix::unistd::ttyname;

#[test]
fn two_sessions_on_a_raw_terminal() {
    let pty = openpty(None, None).expect("a pseudo-terminal");
    let path = ttyname(&pty.slave).expect("the pseudo-terminal's name");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kchess"))
        .args(["uci", "--in-process", "--sessions", "2", "--tty"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("kchess runs");
    let mut said = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = said.next().unwrap().unwrap();
    assert_eq!(
        first,
        format!("uci: serving 2 session(s) on {}", path.display())
    );

    // Both sessions' commands at once: the second session must find the lines the first one
    // read past its `quit`.
    let mut master = File::from(pty.master);
    master
        .write_all(b"uci\nisready\nquit\nuci\nisready\nquit\n")
        .unwrap();
    let mut reader = master.try_clone().unwrap();
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut got = Vec::new();
    while String::from_utf8_lossy(&got).matches("readyok").count() < 2 {
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(bytes) => got.extend(bytes),
            Err(_) => panic!(
                "no second readyok; the terminal said {:?}",
                String::from_utf8_lossy(&got)
            ),
        }
    }
    let text = String::from_utf8(got).unwrap();
    // Raw mode: no echo of the commands, no CR added to the line ends.
    assert!(!text.contains('\r'), "{text:?}");
    assert!(!text.contains("isready"), "{text:?}");
    let lines: Vec<&str> = text.lines().collect();
    let session = |l: &[&str]| {
        assert!(l[0].starts_with("id name kchess "), "{l:?}");
        assert_eq!(l[l.len() - 2..], ["uciok", "readyok"], "{l:?}");
    };
    assert_eq!(lines.len() % 2, 0, "{lines:?}");
    let (a, b) = lines.split_at(lines.len() / 2);
    session(a);
    session(b);

    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    let rest: Vec<String> = said.map(Result::unwrap).collect();
    assert_eq!(
        rest,
        [1, 2].map(|i| format!("uci: session {i} of 2 on {} ended", path.display()))
    );
}
