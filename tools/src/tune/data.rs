//! Labelled positions, as `kchess tune fit` and `kchess tune net` read them, and the target
//! both fit to.
//!
//! Each line of the data is `FEN;R;CP`: a position, the result of its game from White's point
//! of view (`1`, `0.5` or `0`, or `-` when the result says nothing about the position) and a
//! reference score in centipawns from the side to move's point of view (Stockfish's, from
//! `tools/tune/label.py`). The target of a position is a blend of the reference score through
//! a logistic curve and the game's result: `lambda * sigmoid(cp) + (1 - lambda) * result`, or
//! the curve alone when the result is `-` (positions from games against a much stronger
//! engine, lost whatever the position). A fit may choose its `lambda` (`--lambda`); held-out
//! positions are always measured with [`LAMBDA`]'s targets, so that fits of any `lambda`
//! compare.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use chess_core::board::Position;
use chess_core::fen::parse_fen;
use chess_core::piece::Color;

/// The share of the reference score in the target; the rest is the game's result. The
/// default of `--lambda`, and always that of the held-out positions.
pub const LAMBDA: f64 = 0.75;
/// Centipawns of the logistic curve's unit: `sigmoid(x) = 1 / (1 + 10^(-x / SIGMOID_CP))`.
pub const SIGMOID_CP: f64 = 400.0;

/// The labelled positions a fit reads, as the command line gives them.
#[derive(clap::Args, Clone, Debug)]
pub struct DataArgs {
    /// The labelled positions.
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,
    /// Labelled positions kept out of the fit, to measure it on (repeatable: each file is
    /// measured on its own; `kchess tune net` keeps the epoch with the least error on the first).
    #[arg(long, value_name = "FILE")]
    pub validation: Vec<PathBuf>,
    /// Fit also the mirror image (files a to h) of each position in which no side may castle:
    /// the rules cannot tell them apart, so it is worth what its position is. The images come
    /// after all the positions, as if appended to the file.
    #[arg(long)]
    pub mirror: bool,
    /// The share of the reference score in the fitted positions' targets, 0 to 1; the rest is
    /// the game's result. The held-out positions keep the default's targets.
    #[arg(long, default_value_t = LAMBDA, value_parser = parse_lambda)]
    pub lambda: f64,
}

/// A `--lambda`: a share, 0 to 1.
fn parse_lambda(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?} is not a share from 0 to 1")),
    }
}

/// The FEN of `fen`'s mirror image, its files a to h, or `None` when a side may castle (the
/// rules tell the wings apart then) or `fen` has too few fields.
pub fn mirror_fen(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let (placement, side, castling, en_passant) = (
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
    );
    if castling != "-" {
        return None;
    }
    let ranks: Vec<String> = placement
        .split('/')
        .map(|r| r.chars().rev().collect())
        .collect();
    let en_passant = match en_passant.as_bytes() {
        [file @ b'a'..=b'h', rank] => {
            format!("{}{}", char::from(b'a' + b'h' - file), char::from(*rank))
        }
        _ => en_passant.to_owned(),
    };
    let mut image = format!("{} {side} - {en_passant}", ranks.join("/"));
    for clock in fields {
        image.push(' ');
        image.push_str(clock);
    }
    Some(image)
}

/// What can stop a fit.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The data could not be read, or the result not written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What happened.
        source: io::Error,
    },
    /// A line is not `FEN;R;CP`.
    #[error("{path}: line {line}: {reason}")]
    Data {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// No positions.
    #[error("{0}: no positions")]
    Empty(PathBuf),
}

/// One labelled position.
pub struct Labelled {
    /// The position.
    pub pos: Position,
    /// The target probability that White wins.
    pub target: f64,
    /// Whether the target has the game's result in it.
    pub has_result: bool,
}

impl Labelled {
    /// The target probability that the side to move wins.
    pub fn target_to_move(&self) -> f64 {
        if self.pos.side_to_move() == Color::White {
            self.target
        } else {
            1.0 - self.target
        }
    }
}

/// The logistic curve of the targets.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / SIGMOID_CP))
}

/// Reads the labelled positions of `path`, their targets the reference score's share `lambda`
/// and the result's the rest, each turned into a sample by `sample`; with `mirror`, then the
/// mirror image of each that has one ([`mirror_fen`]), in the same order.
pub fn read<T>(
    path: &Path,
    mirror: bool,
    lambda: f64,
    mut sample: impl FnMut(Labelled) -> T,
) -> Result<Vec<T>, DataError> {
    debug_assert!((0.0..=1.0).contains(&lambda), "lambda is a share");
    let mut samples = Vec::new();
    let mut add = |l| samples.push(sample(l));
    read_pass(path, false, lambda, &mut add)?;
    if mirror {
        read_pass(path, true, lambda, &mut add)?;
    }
    if samples.is_empty() {
        return Err(DataError::Empty(path.to_owned()));
    }
    Ok(samples)
}

/// One pass over the lines of `path`: each labelled position, or each mirror image of one.
fn read_pass(
    path: &Path,
    mirrored: bool,
    lambda: f64,
    add: &mut impl FnMut(Labelled),
) -> Result<(), DataError> {
    let io_error = |source| DataError::Io {
        path: path.to_owned(),
        source,
    };
    let file = fs::File::open(path).map_err(io_error)?;
    for (i, line) in io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io_error)?;
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| DataError::Data {
            path: path.to_owned(),
            line: i + 1,
            reason,
        };
        let mut fields = line.split(';');
        let (Some(fen), Some(result), Some(cp), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("expected FEN;R;CP".into()));
        };
        let image = if mirrored {
            let Some(image) = mirror_fen(fen) else {
                continue;
            };
            Some(image)
        } else {
            None
        };
        let fen = image.as_deref().unwrap_or(fen);
        let pos = parse_fen(fen.trim().as_bytes()).map_err(|e| bad(e.to_string()))?;
        let result: Option<f64> = match result.trim() {
            "1" => Some(1.0),
            "0.5" => Some(0.5),
            "0" => Some(0.0),
            "-" => None,
            other => return Err(bad(format!("result {other:?} is not 1, 0.5, 0 or -"))),
        };
        let cp: f64 = cp
            .trim()
            .parse::<i32>()
            .map_err(|e| bad(format!("score {cp:?}: {e}")))?
            .into();
        let white_cp = if pos.side_to_move() == Color::White {
            cp
        } else {
            -cp
        };
        add(Labelled {
            pos,
            target: result.map_or(sigmoid(white_cp), |r| {
                lambda * sigmoid(white_cp) + (1.0 - lambda) * r
            }),
            has_result: result.is_some(),
        });
    }
    Ok(())
}

/// The `K` that scales an evaluation onto the targets' curve with the least `error` over
/// `samples` (golden-section search in 0.1..4), measured on the samples with a result when
/// there are any: a position without one says nothing about how sure the evaluation may be.
pub fn fit_k<T>(
    samples: &[T],
    has_result: impl Fn(&T) -> bool,
    error: impl Fn(&[&T], f64) -> f64,
) -> f64 {
    let with_result: Vec<&T> = samples.iter().filter(|s| has_result(s)).collect();
    let samples: Vec<&T> = if with_result.is_empty() {
        samples.iter().collect()
    } else {
        with_result
    };
    least(0.1, 4.0, |k| error(&samples, k))
}

/// The `x` in `lo..hi` where `error` is least, for an error with one minimum there
/// (golden-section search).
fn least(mut lo: f64, mut hi: f64, error: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The progress line of an epoch, shared by both fits: its training error, then each
/// validation set's.
pub fn epoch_line(epoch: usize, error: f64, validation: &[f64]) -> String {
    let mut line = format!("epoch {epoch}: error {error:.6}");
    for e in validation {
        let _ = write!(line, " validation {e:.6}");
    }
    line
}

/// Two labelled positions for the fits' tests: White a knight up but scored level, and a level
/// position scored as White winning.
#[cfg(test)]
pub const MISJUDGED: &str = "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1;0.5;0\n\
                             4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1;1;300\n";

/// Writes `lines` to a file named after `name` under the system's temporary directory (for
/// tests).
#[cfg(test)]
pub fn temp_file(name: &str, lines: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // A number per call as well: tests run in parallel, and two may choose the same name.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let path =
        std::env::temp_dir().join(format!("kchess-tune-{}-{call}-{name}", std::process::id()));
    fs::write(&path, lines).unwrap();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_no_side_may_castle_in_is_mirrored_file_for_file() {
        assert_eq!(
            mirror_fen("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1").as_deref(),
            Some("3k4/4pppp/8/8/8/8/4PPPP/3K2N1 w - - 0 1")
        );
        assert_eq!(
            mirror_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").as_deref(),
            Some("3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2")
        );
        assert_eq!(mirror_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1"), None);
        assert_eq!(mirror_fen("4k3/8/8/8/8/8/8/4K3 w"), None);
    }

    #[test]
    fn lambda_shares_the_target_between_the_reference_score_and_the_result() {
        // Black to move, 200 cp down: White's reference score is +200; White won.
        let path = temp_file("lambda", "4k3/8/8/8/8/8/8/4K2R b - - 0 1;1;-200\n");
        let target = |lambda| read(&path, false, lambda, |l| l.target).unwrap()[0];
        assert_eq!(target(1.0), sigmoid(200.0));
        assert_eq!(target(0.0), 1.0);
        assert_eq!(target(LAMBDA), LAMBDA * sigmoid(200.0) + (1.0 - LAMBDA));
        assert_eq!(parse_lambda("1"), Ok(1.0));
        assert_eq!(
            parse_lambda("1.5"),
            Err("\"1.5\" is not a share from 0 to 1".into())
        );
        assert!(parse_lambda("x").is_err());
        let _ = fs::remove_file(path);
    }

    #[test]
    fn the_mirror_images_come_after_the_positions_with_their_targets() {
        let lines = format!("{MISJUDGED}r3k3/8/8/8/8/8/8/4K3 b q - 0 1;0;-50\n");
        let path = temp_file("mirror", &lines);
        let read_all = |mirror| read(&path, mirror, LAMBDA, |l| (l.pos, l.target)).unwrap();
        let (plain, mirrored) = (read_all(false), read_all(true));
        assert_eq!((plain.len(), mirrored.len()), (3, 5));
        assert_eq!(mirrored[..3], plain[..]);
        for (image, original) in mirrored[3..].iter().zip(&plain) {
            assert_eq!(image.1, original.1, "an image has its position's target");
        }
        let knight = parse_fen(b"3k4/4pppp/8/8/8/8/4PPPP/3K2N1 w - - 0 1").unwrap();
        assert_eq!(mirrored[3].0, knight);
        let _ = fs::remove_file(path);
    }
}
