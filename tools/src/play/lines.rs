//! Where the player's lines come from: a line editor with history and completion of legal
//! moves and commands on a terminal, plain lines from a pipe or a test.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::rc::Rc;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

/// What reading a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, without its newline.
    Line(String),
    /// Ctrl-C at the prompt.
    Interrupt,
    /// The end of input (Ctrl-D).
    End,
}

/// A source of the player's lines.
pub trait Lines {
    /// Shows `prompt` (on `out` when the source does not draw it itself) and reads a line.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input>;
    /// The words Tab completes to from now on (legal moves and commands).
    fn set_words(&mut self, _words: Vec<String>) {}
}

/// Lines from a reader, e.g. a pipe; `echo` repeats each line after the prompt, as a terminal
/// would show it.
pub struct Plain<R> {
    /// Where the lines come from.
    pub input: R,
    /// Echo each line.
    pub echo: bool,
}

impl<R: BufRead> Lines for Plain<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Input::End);
        }
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        if self.echo {
            writeln!(out, "{line}")?;
        }
        Ok(Input::Line(line))
    }
}

/// Tab completion: commands and moves for the first word, file names after `save`/`load`.
pub struct MoveHelper {
    words: Rc<RefCell<Vec<String>>>,
    files: FilenameCompleter,
}

impl Completer for MoveHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let first = head.split_whitespace().next().unwrap_or("");
        if head.contains(' ') && matches!(first, "save" | "load") {
            return self.files.complete(line, pos, ctx);
        }
        let start = head.rfind(' ').map_or(0, |i| i + 1);
        let prefix = &head[start..];
        let mut found: Vec<Pair> = self
            .words
            .borrow()
            .iter()
            .filter(|w| w.starts_with(prefix))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        found.dedup_by(|a, b| a.display == b.display);
        Ok((start, found))
    }
}

impl Hinter for MoveHelper {
    type Hint = String;
}

impl Highlighter for MoveHelper {}

impl Validator for MoveHelper {}

impl Helper for MoveHelper {}

/// The terminal's line editor.
pub struct Terminal {
    editor: Editor<MoveHelper, DefaultHistory>,
    words: Rc<RefCell<Vec<String>>>,
    /// Where the history is kept between sessions.
    history: Option<PathBuf>,
}

/// Where the line history is kept: `$XDG_STATE_HOME/kchess/history`, or
/// `~/.local/state/kchess/history`.
pub fn history_file() -> Option<PathBuf> {
    super::xdg_file("XDG_STATE_HOME", ".local/state", "history")
}

/// How many lines the history keeps.
const HISTORY_LINES: usize = 1000;

impl Terminal {
    /// A line editor on the terminal, with the history of `history` (a file).
    pub fn new(history: Option<PathBuf>) -> rustyline::Result<Terminal> {
        let config = rustyline::Config::builder()
            .max_history_size(HISTORY_LINES)?
            .auto_add_history(false)
            .build();
        let mut editor = Editor::with_config(config)?;
        let words = Rc::new(RefCell::new(Vec::new()));
        editor.set_helper(Some(MoveHelper {
            words: Rc::clone(&words),
            files: FilenameCompleter::new(),
        }));
        if let Some(path) = &history {
            // No file yet is an empty history.
            let _ = editor.load_history(path);
        }
        Ok(Terminal {
            editor,
            words,
            history,
        })
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(path) = &self.history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.save_history(path);
        }
    }
}

impl Lines for Terminal {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input> {
        // The editor draws only the prompt's last line.
        let (before, last) = match prompt.rfind('\n') {
            Some(i) => (&prompt[..=i], &prompt[i + 1..]),
            None => ("", prompt),
        };
        write!(out, "{before}")?;
        out.flush()?;
        match self.editor.readline(last) {
            Ok(line) => {
                // Answers like y and n are not worth recalling.
                if line.trim().len() > 1 {
                    let _ = self.editor.add_history_entry(line.trim());
                }
                Ok(Input::Line(line))
            }
            Err(ReadlineError::Interrupted) => Ok(Input::Interrupt),
            Err(ReadlineError::Eof) => Ok(Input::End),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }

    fn set_words(&mut self, words: Vec<String>) {
        *self.words.borrow_mut() = words;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::MemHistory;

    #[test]
    fn completion_offers_the_words_that_fit() {
        let words = Rc::new(RefCell::new(vec![
            "Nf3".to_string(),
            "Nc3".into(),
            "e4".into(),
            "e2e4".into(),
            "help".into(),
        ]));
        let helper = MoveHelper {
            words,
            files: FilenameCompleter::new(),
        };
        let history = MemHistory::new();
        let ctx = Context::new(&history);
        let names = |line: &str| {
            let (start, pairs) = helper.complete(line, line.len(), &ctx).unwrap();
            (
                start,
                pairs.into_iter().map(|p| p.replacement).collect::<Vec<_>>(),
            )
        };
        assert_eq!(names("N"), (0, vec!["Nf3".into(), "Nc3".into()]));
        assert_eq!(names("e"), (0, vec!["e4".into(), "e2e4".into()]));
        assert_eq!(names("e2"), (0, vec!["e2e4".into()]));
        assert_eq!(names("he"), (0, vec!["help".into()]));
        assert_eq!(names("x"), (0, vec![]));
    }

    #[test]
    fn plain_lines_echo_and_end() {
        let mut lines = Plain {
            input: "e4\r\n".as_bytes(),
            echo: true,
        };
        let mut out = Vec::new();
        assert_eq!(
            lines.read("> ", &mut out).unwrap(),
            Input::Line("e4".into())
        );
        assert_eq!(lines.read("> ", &mut out).unwrap(), Input::End);
        assert_eq!(String::from_utf8(out).unwrap(), "> e4\n> \n");
    }
}
