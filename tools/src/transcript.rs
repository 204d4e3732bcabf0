//! Protocol transcripts (`tests/transcripts/*.txt`, format in its README): parse and replay them
//! against a [`Target`].

use std::fmt::{self, Write as _};
use std::io;
use std::path::Path;
use std::process::ExitStatus;

use crate::link::{LinkError, Target};

/// One write and the reply it must produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The line number of the write in its file.
    pub line: usize,
    /// The bytes of the write.
    pub input: Vec<u8>,
    /// What the reply must be.
    pub expect: Expect,
}

/// An expected reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Exactly these bytes.
    Exact(Vec<u8>),
    /// Exactly this many bytes.
    Length(usize),
}

/// A parsed transcript.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    /// Its writes and replies.
    pub steps: Vec<Step>,
    /// Needs one `write()` per command (skipped over line-framed pipes).
    pub single_write: bool,
}

/// A malformed transcript.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// Where.
    pub line: usize,
    /// What.
    pub message: String,
}

fn unescape(text: &str, line: usize) -> Result<Vec<u8>, ParseError> {
    let err = |m: &str| ParseError {
        line,
        message: m.to_string(),
    };
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'x') => {
                let hex = text
                    .get(i + 2..i + 4)
                    .ok_or_else(|| err("short \\x escape"))?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| err("bad \\x escape"))?);
                i += 2;
            }
            Some(b'(') => {
                let close = text[i..]
                    .find(')')
                    .ok_or_else(|| err("unclosed \\( escape"))?;
                let inner = &text[i + 2..i + close];
                let (n, c) = inner.split_once('*').ok_or_else(|| err("\\( needs N*C"))?;
                let n: usize = n.parse().map_err(|_| err("bad repeat count"))?;
                let c = c.as_bytes();
                if c.len() != 1 {
                    return Err(err("\\( repeats exactly one character"));
                }
                out.extend(std::iter::repeat_n(c[0], n));
                i += close - 1;
            }
            _ => return Err(err("unknown escape")),
        }
        i += 2;
    }
    Ok(out)
}

impl Transcript {
    /// Parses a transcript's text.
    pub fn parse(text: &str) -> Result<Transcript, ParseError> {
        let mut t = Transcript {
            single_write: text
                .lines()
                .next()
                .is_some_and(|l| l.trim() == "# requires: single-write"),
            ..Transcript::default()
        };
        let mut pending: Option<(usize, Vec<u8>)> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |m: &str| ParseError {
                line,
                message: m.to_string(),
            };
            if raw.trim().is_empty() || raw.starts_with('#') {
                continue;
            }
            let (marker, rest) = match raw.split_once(' ') {
                Some((m, r)) => (m, r),
                None => (raw, ""),
            };
            match marker {
                ">" | ">!" => {
                    if pending.is_some() {
                        return Err(err("a write without an expected reply before it"));
                    }
                    let mut input = unescape(rest, line)?;
                    if marker == ">" {
                        input.push(b'\n');
                    }
                    pending = Some((line, input));
                }
                "<" | "<<" => {
                    let (wline, input) = pending
                        .take()
                        .ok_or_else(|| err("a reply without a write"))?;
                    let expect = if marker == "<" {
                        let mut e = unescape(rest, line)?;
                        e.push(b'\n');
                        Expect::Exact(e)
                    } else {
                        Expect::Length(rest.trim().parse().map_err(|_| err("<< needs a length"))?)
                    };
                    t.steps.push(Step {
                        line: wline,
                        input,
                        expect,
                    });
                }
                _ => return Err(err("a line must start with >, >!, <, << or #")),
            }
        }
        if pending.is_some() {
            return Err(ParseError {
                line: text.lines().count(),
                message: "the last write has no expected reply".into(),
            });
        }
        Ok(t)
    }

    /// Replays the transcript on a fresh connection; `Ok(None)` when all replies match,
    /// `Ok(Some(mismatch))` with the first reply that does not.
    pub fn run(&self, target: &Target) -> Result<Option<Mismatch>, LinkError> {
        let mut link = target.connect()?;
        for step in &self.steps {
            let reply = link.send(&step.input)?;
            let ok = match &step.expect {
                Expect::Exact(e) => reply == *e,
                Expect::Length(n) => reply.len() == *n,
            };
            if !ok {
                return Ok(Some(Mismatch {
                    step: step.clone(),
                    got: reply,
                }));
            }
        }
        Ok(None)
    }
}

/// A reply that is not the one a transcript expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The write and what it should have answered.
    pub step: Step,
    /// What it answered.
    pub got: Vec<u8>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: sent {}, got {}, expected ",
            self.step.line,
            show(&self.step.input),
            show(&self.got)
        )?;
        match &self.step.expect {
            Expect::Exact(e) => f.write_str(&show(e)),
            Expect::Length(n) => write!(f, "{n} bytes"),
        }
    }
}

/// Why the command run before each file failed.
#[derive(Debug, thiserror::Error)]
pub enum ResetError {
    /// It could not be started.
    #[error("reset command: {0}")]
    Spawn(#[from] io::Error),
    /// It ended with a failure.
    #[error("reset command failed: {0}")]
    Failed(ExitStatus),
}

/// Runs `cmd` with `sh -c` (e.g. reloading the kernel module between transcript files).
pub fn reset(cmd: &str) -> Result<(), ResetError> {
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .status()?;
    if status.success() {
        Ok(())
    } else {
        Err(ResetError::Failed(status))
    }
}

/// Bytes as a quoted, escaped string (long runs shortened).
pub fn show(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for (i, &c) in b.iter().enumerate() {
        if i == 160 {
            let _ = write!(s, "...({} bytes)", b.len());
            break;
        }
        match c {
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(c as char),
            _ => {
                let _ = write!(s, "\\x{c:02x}");
            }
        }
    }
    s.push('"');
    s
}

/// The outcome of running a set of transcript files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Files whose every reply matched.
    pub passed: usize,
    /// Files with a mismatch or an error.
    pub failed: usize,
    /// Files that need single writes, skipped on a pipe.
    pub skipped: usize,
}

/// Runs every file, printing one line per file, and returns the tally. `before_each` runs before
/// each file (e.g. reloading the kernel module so that each file starts from a fresh device).
pub fn run_files(
    files: &[impl AsRef<Path>],
    target: &Target,
    mut before_each: impl FnMut() -> Result<(), ResetError>,
) -> Tally {
    let mut tally = Tally::default();
    for path in files {
        let path = path.as_ref();
        let name = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                println!("FAIL {name}: {e}");
                tally.failed += 1;
                continue;
            }
        };
        let t = match Transcript::parse(&text) {
            Ok(t) => t,
            Err(e) => {
                println!("FAIL {name}: {e}");
                tally.failed += 1;
                continue;
            }
        };
        if t.single_write && !target.single_write() {
            println!("skip {name} (needs single writes)");
            tally.skipped += 1;
            continue;
        }
        if let Err(e) = before_each() {
            println!("FAIL {name}: {e}");
            tally.failed += 1;
            continue;
        }
        match t.run(target) {
            Ok(None) => {
                println!("ok   {name} ({} commands)", t.steps.len());
                tally.passed += 1;
            }
            Ok(Some(mismatch)) => {
                println!("FAIL {name}: {mismatch}");
                tally.failed += 1;
            }
            Err(e) => {
                println!("FAIL {name}: {e}");
                tally.failed += 1;
            }
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            unescape(r"a\\b\n\x00\xff\(3*Z)!", 1).unwrap(),
            b"a\\b\n\x00\xffZZZ!"
        );
        assert!(unescape(r"\q", 1).is_err());
    }

    #[test]
    fn parse_pairs_writes_and_replies() {
        let t = Transcript::parse("# c\n> 00 W\n< OK\n>! 01\n< INVFMT\n>\n<\n").unwrap();
        assert_eq!(t.steps.len(), 3);
        assert_eq!(t.steps[0].input, b"00 W\n");
        assert_eq!(t.steps[1].input, b"01");
        assert_eq!(t.steps[2].input, b"\n");
        assert_eq!(t.steps[2].expect, Expect::Exact(b"\n".to_vec()));
        assert!(Transcript::parse("> 01\n> 01\n").is_err());
    }

    #[test]
    fn a_mismatch_names_the_line_and_both_replies() {
        let t = Transcript::parse("> 00 W\n< OK\n\n> 10\n< OK\n").unwrap();
        let m = t.run(&Target::InProcess).unwrap().unwrap();
        assert_eq!(
            m.to_string(),
            r#"line 4: sent "10\n", got "ILLMOVE\n", expected "OK\n""#
        );
        let t = Transcript::parse("> 00 W\n<< 4\n").unwrap();
        let m = t.run(&Target::InProcess).unwrap().unwrap();
        assert_eq!(
            m.to_string(),
            r#"line 1: sent "00 W\n", got "OK\n", expected 4 bytes"#
        );
    }
}
