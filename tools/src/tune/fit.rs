//! `kchess tune fit`: fits the evaluation's weights to labelled positions.
//!
//! The data are labelled positions ([`super::data`]). The evaluation is linear in its weights
//! ([`chess_core::eval::trace`] gives the counts), so the fit is a logistic regression:
//!
//! 1. The target of a position is [`super::data`]'s blend of its reference score and its
//!    game's result.
//! 2. `K` scales the evaluation onto that curve; it is fitted first, with the current weights
//!    and on the positions with a result, so that the fitted weights keep the evaluation's
//!    scale (the search's margins depend on it).
//! 3. With `--with-network`, every evaluation also has the network's correction, fixed (the
//!    terms are fitted under it, as the search adds it).
//! 4. Adam then minimises the mean squared error between `sigmoid(K * eval)` and the target over
//!    all middlegame and endgame weights at once, full batch.
//! 5. With `--validation`, the weights kept are those, of the starting ones and of every
//!    hundredth epoch, with the least error on the first set: a fit that only learns its own
//!    positions' noise writes the weights it started from.
//!
//! The result is written as `chess-core/src/eval/weights.rs`; with `--epochs 0` the file written
//! is the current one.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use super::data::{self, sigmoid, DataArgs, DataError, SIGMOID_CP};
use chess_core::eval::{self, network, terms, Score, PHASE_MAX, WEIGHTS};
use chess_core::piece::{Color, PieceKind, Square};

/// Adam's step size, in centipawns.
const LEARNING_RATE: f64 = 1.0;
/// Adam's decay rates of the first and second moments.
pub(super) const BETA1: f64 = 0.9;
pub(super) const BETA2: f64 = 0.999;
pub(super) const ADAM_EPSILON: f64 = 1e-8;
/// The default pull of every weight towards its starting value, per squared centipawn, so that
/// terms seen in few positions stay near where they were.
pub const REGULARIZATION: f64 = 1e-10;

/// The options of `kchess tune fit`.
#[derive(clap::Args, Clone, Debug)]
pub struct FitOptions {
    #[command(flatten)]
    pub labelled: DataArgs,
    /// Where to write the weights.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "chess-core/src/eval/weights.rs"
    )]
    pub out: PathBuf,
    /// Passes over the data (0: write the current weights).
    #[arg(long, default_value_t = 1000)]
    pub epochs: usize,
    /// The pull of every weight towards its current value, per squared centipawn.
    #[arg(long, default_value_t = REGULARIZATION)]
    pub regularization: f64,
    /// Fit the terms under the network's correction, as the search evaluates: the
    /// network's score is added, unchanged, to every evaluation.
    #[arg(long)]
    pub with_network: bool,
}

/// One position: its term counts (sparse), its phase and scale, and its target.
struct Sample {
    /// (term, count) for every term with a count, White's minus Black's.
    counts: Vec<(u16, f64)>,
    /// The middlegame share, `phase / PHASE_MAX`.
    mg: f64,
    /// 1 over what the evaluation divided its score by.
    scale: f64,
    /// The side to move's tempo bonus, from White's point of view.
    tempo: f64,
    /// What is added to the terms' score and not fitted (the network's correction, or
    /// nothing), from White's point of view.
    fixed: f64,
    /// The target probability that White wins.
    target: f64,
    /// Whether the target has the game's result in it.
    has_result: bool,
}

/// Reads the data into samples, with the network's correction when `with_network`, and
/// then their mirror images when `mirror`.
fn read(
    path: &Path,
    with_network: bool,
    mirror: bool,
    lambda: f64,
) -> Result<Vec<Sample>, DataError> {
    data::read(path, mirror, lambda, |l| {
        let trace = eval::trace(&l.pos);
        let white = l.pos.side_to_move() == Color::White;
        let network = if with_network {
            network::evaluate(&l.pos)
        } else {
            0
        };
        Sample {
            counts: (trace.counts.iter().enumerate())
                .filter(|(_, &c)| c != 0)
                .map(|(t, &c)| (t as u16, f64::from(c)))
                .collect(),
            mg: f64::from(trace.phase) / f64::from(PHASE_MAX),
            scale: 1.0 / f64::from(trace.divisor),
            tempo: f64::from(if white { eval::TEMPO } else { -eval::TEMPO }),
            fixed: f64::from(if white { network } else { -network }),
            target: l.target,
            has_result: l.has_result,
        }
    })
}

/// The weights in the tree as the fit's floats: every middlegame weight, then every endgame one.
fn current_weights() -> Vec<f64> {
    let middlegame = WEIGHTS.iter().map(|s| f64::from(s.0));
    middlegame
        .chain(WEIGHTS.iter().map(|s| f64::from(s.1)))
        .collect()
}

/// The evaluation of a sample from White's point of view, with weights `w` (middlegame
/// weights first, then endgame).
fn evaluate(s: &Sample, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(t, c) in &s.counts {
        mg += w[usize::from(t)] * c;
        eg += w[terms::TERMS + usize::from(t)] * c;
    }
    (mg * s.mg + eg * (1.0 - s.mg)) * s.scale + s.tempo + s.fixed
}

/// The mean squared error of the samples with weights `w` and scale `k`.
fn loss<'a>(samples: impl ExactSizeIterator<Item = &'a Sample>, w: &[f64], k: f64) -> f64 {
    let n = samples.len() as f64;
    let sum: f64 = samples
        .map(|s| (sigmoid(k * evaluate(s, w)) - s.target).powi(2))
        .sum();
    sum / n
}

/// The `K` with the least error for weights `w` ([`data::fit_k`]).
fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    data::fit_k(
        samples,
        |s| s.has_result,
        |samples, k| loss(samples.iter().copied(), w, k),
    )
}

/// The gradient of the loss with respect to every weight.
fn gradient(samples: &[Sample], w: &[f64], k: f64, grad: &mut [f64]) {
    grad.fill(0.0);
    let ln10 = 10f64.ln();
    for s in samples {
        let p = sigmoid(k * evaluate(s, w));
        // d/de of (p - t)^2, with dp/de = p (1 - p) k ln10 / SIGMOID_CP.
        let g = 2.0 * (p - s.target) * p * (1.0 - p) * k * ln10 / SIGMOID_CP * s.scale;
        for &(t, c) in &s.counts {
            grad[usize::from(t)] += g * c * s.mg;
            grad[terms::TERMS + usize::from(t)] += g * c * (1.0 - s.mg);
        }
    }
    let n = samples.len() as f64;
    grad.iter_mut().for_each(|g| *g /= n);
}

/// How often, in epochs, [`adam`] reports its progress.
const REPORT_EPOCHS: usize = 100;

/// `epochs` steps of Adam on weights `w`; `report` hears the error and the weights every
/// [`REPORT_EPOCHS`] epochs and after the last.
fn adam(
    samples: &[Sample],
    w: &mut [f64],
    k: f64,
    (epochs, regularization): (usize, f64),
    mut report: impl FnMut(usize, f64, &[f64]),
) {
    let start = w.to_vec();
    let (mut m, mut v, mut grad) = (vec![0.0; w.len()], vec![0.0; w.len()], vec![0.0; w.len()]);
    for epoch in 1..=epochs {
        gradient(samples, w, k, &mut grad);
        for ((g, wi), w0) in grad.iter_mut().zip(w.iter()).zip(&start) {
            *g += 2.0 * regularization * (wi - w0);
        }
        let step = i32::try_from(epoch).unwrap_or(i32::MAX);
        let (c1, c2) = (1.0 - BETA1.powi(step), 1.0 - BETA2.powi(step));
        for i in 0..w.len() {
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * grad[i];
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * grad[i] * grad[i];
            w[i] -= LEARNING_RATE * (m[i] / c1) / ((v[i] / c2).sqrt() + ADAM_EPSILON);
        }
        if epoch.is_multiple_of(REPORT_EPOCHS) || epoch == epochs {
            report(epoch, loss(samples.iter(), w, k), w);
        }
    }
}

/// Fits the weights and writes them; prints the progress.
pub fn run(opts: &FitOptions) -> Result<(), DataError> {
    let samples = read(
        &opts.labelled.data,
        opts.with_network,
        opts.labelled.mirror,
        opts.labelled.lambda,
    )?;
    let mut w = current_weights();
    let k = fit_k(&samples, &w);
    eprintln!(
        "{} positions; K = {k:.4}; error {:.6}",
        samples.len(),
        loss(samples.iter(), &w, k)
    );
    let validation = (opts.labelled.validation.iter())
        .map(|path| read(path, opts.with_network, false, data::LAMBDA).map(|v| (path, v)))
        .collect::<Result<Vec<_>, _>>()?;
    let errors = |w: &[f64]| -> Vec<f64> {
        (validation.iter())
            .map(|(_, v)| loss(v.iter(), w, k))
            .collect()
    };
    let start = errors(&w);
    for ((path, v), error) in validation.iter().zip(&start) {
        eprintln!(
            "validation {}: {} positions; error {error:.6}",
            path.display(),
            v.len()
        );
    }
    // The weights with the least error on the first validation set, the starting ones first.
    let mut best = start.first().map(|&e| (e, 0, w.clone()));
    adam(
        &samples,
        &mut w,
        k,
        (opts.epochs, opts.regularization),
        |epoch, error, w| {
            let errors = errors(w);
            eprintln!("{}", data::epoch_line(epoch, error, &errors));
            if let (Some(&first), Some((least, _, _))) = (errors.first(), &best) {
                if first < *least {
                    best = Some((first, epoch, w.to_vec()));
                }
            }
        },
    );
    if let Some((_, epoch, kept)) = best {
        eprintln!("kept the weights of epoch {epoch}");
        w = kept;
    }
    for ((path, _), error) in validation.iter().zip(errors(&w)) {
        eprintln!("validation {}: error {error:.6}", path.display());
    }
    let fitted: Vec<Score> = (0..terms::TERMS)
        .map(|t| Score(w[t].round() as i32, w[terms::TERMS + t].round() as i32))
        .collect();
    fs::write(&opts.out, weights_file(&fitted)).map_err(|source| DataError::Io {
        path: opts.out.clone(),
        source,
    })
}

/// The kind whose piece-square or mobility table starts at term `t`.
fn table_kind(t: usize) -> Option<PieceKind> {
    let kind = |k: usize| PieceKind::from_index(k);
    if (terms::PST..terms::MOBILITY).contains(&t) && (t - terms::PST).is_multiple_of(Square::COUNT)
    {
        return kind((t - terms::PST) / Square::COUNT);
    }
    let first = |k: &usize| terms::MOBILITY_MAX[*k] > 0;
    (0..PieceKind::COUNT)
        .filter(first)
        .find(|&k| t == terms::MOBILITY + terms::MOBILITY_OFFSET[k])
        .and_then(kind)
}

/// The text of `chess-core/src/eval/weights.rs` for these weights.
pub fn weights_file(weights: &[Score]) -> String {
    let mut out = String::from(
        "//! The evaluation's weights, by term (see [`super::terms`]).\n\
         //!\n\
         //! Written by `kchess tune fit` (tools/src/tune/fit.rs): fitted to positions labelled\n\
         //! with Stockfish's scores and their games' results. Do not edit by hand; fit again.\n\
         \n\
         use super::terms::TERMS;\n\
         use super::Score;\n\
         \n\
         /// Every term's weight (middlegame, endgame), indexed as in [`super::terms`].\n\
         #[rustfmt::skip]\n\
         pub static WEIGHTS: [Score; TERMS] = [\n",
    );
    let mut group = "";
    let mut line = String::new();
    let mut in_line = 0;
    for (t, s) in weights.iter().enumerate() {
        let (name, _) = terms::group_of(t);
        let kind = table_kind(t);
        // A new line for every group, every kind of the tables, and every eight entries.
        if name != group || kind.is_some() || in_line == 8 {
            if !line.is_empty() {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            if name != group && kind.is_none() {
                let _ = writeln!(out, "    // {name}");
            }
            if let Some(kind) = kind {
                let _ = writeln!(out, "    // {name}: {kind:?}");
            }
            group = name;
            line.push_str("   ");
            in_line = 0;
        }
        let _ = write!(line, " Score({}, {}),", s.0, s.1);
        in_line += 1;
    }
    out.push_str(line.trim_end());
    out.push_str("\n];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::data::{temp_file, MISJUDGED};
    use super::*;
    use chess_core::fen::parse_fen;

    #[test]
    fn no_epochs_writes_the_current_weights() {
        let path = temp_file(
            "current",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;-30\n",
        );
        let out = path.with_extension("rs");
        run(&FitOptions {
            labelled: DataArgs {
                data: path.clone(),
                validation: Vec::new(),
                mirror: false,
                lambda: data::LAMBDA,
            },
            out: out.clone(),
            epochs: 0,
            regularization: REGULARIZATION,
            with_network: false,
        })
        .unwrap();
        let current = include_str!("../../../chess-core/src/eval/weights.rs");
        assert_eq!(fs::read_to_string(&out).unwrap(), current);
        let _ = (fs::remove_file(path), fs::remove_file(out));
    }

    #[test]
    fn fitting_lowers_the_error() {
        // White a knight up but scored level, and a level position scored as White winning:
        // the fit must move the weights towards the labels.
        let path = temp_file("lower", MISJUDGED);
        let samples = read(&path, false, false, data::LAMBDA).unwrap();
        let mut w = current_weights();
        let before = loss(samples.iter(), &w, 1.0);
        let knight = terms::MATERIAL + PieceKind::Knight.index();
        let knight_before = w[terms::TERMS + knight];
        let mut errors = Vec::new();
        adam(
            &samples,
            &mut w,
            1.0,
            (200, REGULARIZATION),
            |_, error, _| errors.push(error),
        );
        assert_eq!(errors.len(), 2);
        assert!(
            errors[1] < errors[0] && errors[0] < before,
            "{before} {errors:?}"
        );
        assert!(w[terms::TERMS + knight] < knight_before);
        let _ = fs::remove_file(path);
    }

    #[test]
    fn a_fit_that_loses_on_the_validation_set_keeps_the_starting_weights() {
        // The fit learns that the extra knight is worth nothing; the validation set says it
        // wins. Every epoch's weights do worse there than the starting ones, which are kept.
        let train = temp_file("train", MISJUDGED);
        let valid = temp_file("valid", "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1;1;600\n");
        let out = train.with_extension("rs");
        let fit = |validation: Vec<PathBuf>| {
            run(&FitOptions {
                labelled: DataArgs {
                    data: train.clone(),
                    validation,
                    mirror: false,
                    lambda: data::LAMBDA,
                },
                out: out.clone(),
                epochs: 200,
                regularization: REGULARIZATION,
                with_network: false,
            })
            .unwrap();
            fs::read_to_string(&out).unwrap()
        };
        let current = include_str!("../../../chess-core/src/eval/weights.rs");
        assert_ne!(fit(Vec::new()), current, "the fit moves the weights");
        assert_eq!(fit(vec![valid.clone()]), current);
        let _ = (fs::remove_file(train), fs::remove_file(valid));
        let _ = fs::remove_file(out);
    }

    #[test]
    fn a_position_without_a_result_is_fitted_to_its_score_alone() {
        // Black to move and 200 ahead: White's target is the curve at -200, and K is fitted on
        // the position with a result only.
        let with_result = "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1;1;250\n";
        let without = "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1;-;200\n";
        let path = temp_file("score-alone", &format!("{with_result}{without}"));
        let samples = read(&path, false, false, data::LAMBDA).unwrap();
        assert!(samples[0].has_result && !samples[1].has_result);
        assert_eq!(samples[1].target, sigmoid(-200.0));
        let only = temp_file("with-result", with_result);
        let w = current_weights();
        assert_eq!(
            fit_k(&samples, &w),
            fit_k(&read(&only, false, false, data::LAMBDA).unwrap(), &w)
        );
        let _ = (fs::remove_file(path), fs::remove_file(only));
    }

    #[test]
    fn with_the_network_each_evaluation_has_its_correction() {
        // Black to move: the network's score is Black's, the fit's evaluation White's.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let black = fen.replace(" w ", " b ");
        let path = temp_file("network", &format!("{fen};0.5;20\n{black};0.5;-20\n"));
        let w = current_weights();
        let (with, without) = (
            read(&path, true, false, data::LAMBDA).unwrap(),
            read(&path, false, false, data::LAMBDA).unwrap(),
        );
        for (pos, sign, a, b) in [
            (fen, 1.0, &with[0], &without[0]),
            (&black, -1.0, &with[1], &without[1]),
        ] {
            let net = network::evaluate(&parse_fen(pos.as_bytes()).unwrap());
            assert_ne!(net, 0, "a position the network corrects");
            assert_eq!(evaluate(a, &w) - evaluate(b, &w), sign * f64::from(net));
        }
        let _ = fs::remove_file(path);
    }

    #[test]
    fn a_bad_line_names_its_number() {
        let path = temp_file("bad", "8/8/8/8/8/8/8/K6k w - - 0 1;1;0\nnot a fen;1;0\n");
        let err = read(&path, false, false, data::LAMBDA)
            .err()
            .unwrap()
            .to_string();
        assert_eq!(
            err,
            format!("{}: line 2: FEN has 3 fields; expected 6", path.display())
        );
        let _ = fs::remove_file(path);
    }
}
