//! `kchess tune net`: fits the network that corrects the weighted terms
//! ([`chess_core::eval::network`]) to labelled positions ([`super::data`]).
//!
//! The search evaluates a position as its terms' score plus the network's. So the network is
//! fitted on top of the terms as they are: fit the terms first (`kchess tune fit`), then the
//! network.
//!
//! 1. `K` scales the terms' evaluation onto the targets' curve, fitted as `kchess tune fit`
//!    fits it (on the positions with a result), and is kept.
//! 2. From seeded random weights near zero, or with `--from-current` from the current
//!    network, Adam minimises the mean squared error between `sigmoid(K * (terms + network))`
//!    and the target, in mini-batches of [`BATCH`] positions in a seeded random order; the last
//!    quarter of the epochs at a tenth of the step.
//! 3. With `--validation`, the network of the epoch with the least error on the first set is
//!    kept (the fit starts to learn its positions' noise after a few epochs); otherwise the
//!    last.
//!
//! The floats are multiplied by the core's scales and rounded, and written as
//! `chess-core/src/eval/network_weights.rs`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use super::data::{self, sigmoid, DataArgs, DataError, SIGMOID_CP};
use super::fit::{ADAM_EPSILON, BETA1, BETA2};
use chess_core::eval::{self, network};
use chess_core::level::Rng;
use network::{HIDDEN, INPUTS, QA, QB, UNIT_CP};

/// Positions a step of Adam averages over.
pub const BATCH: usize = 16_384;
/// Adam's default step size.
pub const LEARNING_RATE: f32 = 0.001;
/// The first layer's weights start uniform in ±this; the output's in ±this / 100, so that the
/// network starts near zero and the search near the terms' evaluation.
const INIT_RANGE: f32 = 0.1;

/// The options of `kchess tune net`.
#[derive(clap::Args, Clone, Debug)]
pub struct NetOptions {
    #[command(flatten)]
    pub labelled: DataArgs,
    /// Where to write the network.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "chess-core/src/eval/network_weights.rs"
    )]
    pub out: PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 8)]
    pub epochs: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = LEARNING_RATE)]
    pub learning_rate: f32,
    /// The seed of the starting weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from the current network instead of random weights (to go on fitting it,
    /// on new positions or on top of refitted terms).
    #[arg(long)]
    pub from_current: bool,
}

/// One position: the inputs its pieces switch on (the side to move's view, then the other's),
/// its terms' score and its target, both for the side to move.
struct Sample {
    inputs: Vec<u16>,
    terms: f32,
    target: f32,
    has_result: bool,
}

fn read(path: &Path, mirror: bool, lambda: f64) -> Result<Vec<Sample>, DataError> {
    data::read(path, mirror, lambda, |l| {
        let (mut ours, mut theirs) = (Vec::with_capacity(64), Vec::with_capacity(32));
        network::for_each_input(&l.pos, |o, t| {
            // Inputs are below 768.
            ours.push(o as u16);
            theirs.push(t as u16);
        });
        ours.extend(theirs);
        Sample {
            inputs: ours,
            terms: eval::evaluate_terms(&l.pos) as f32,
            target: l.target_to_move() as f32,
            has_result: l.has_result,
        }
    })
}

/// The network in floats: the values the core's integers stand for.
#[derive(Clone)]
struct Net {
    /// A row of [`HIDDEN`] weights for each input.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// The side to move's [`HIDDEN`] weights, then the other side's.
    w2: Vec<f32>,
    b2: f32,
}

/// The clipped activation (the core clips to `0..=QA`, that is 0 to 1).
fn clip(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl Net {
    fn new(rng: &mut Rng) -> Net {
        let mut uniform = |range: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * range
        };
        Net {
            w1: (0..INPUTS * HIDDEN).map(|_| uniform(INIT_RANGE)).collect(),
            b1: vec![0.0; HIDDEN],
            w2: (0..2 * HIDDEN)
                .map(|_| uniform(INIT_RANGE / 100.0))
                .collect(),
            b2: 0.0,
        }
    }

    /// The core's network, its integers divided by their scales.
    fn current() -> Net {
        use network::weights::{FEATURE_BIAS, FEATURE_WEIGHTS, OUTPUT_BIAS, OUTPUT_WEIGHTS};
        let qa = QA as f32;
        Net {
            w1: FEATURE_WEIGHTS
                .iter()
                .flatten()
                .map(|&w| f32::from(w) / qa)
                .collect(),
            b1: FEATURE_BIAS.iter().map(|&w| f32::from(w) / qa).collect(),
            w2: OUTPUT_WEIGHTS
                .iter()
                .map(|&w| f32::from(w) / QB as f32)
                .collect(),
            b2: OUTPUT_BIAS as f32 / (qa * QB as f32),
        }
    }

    /// The output in the network's unit, with both views' sums left in `sums`.
    fn forward(&self, s: &Sample, sums: &mut [f32; 2 * HIDDEN]) -> f32 {
        let n = s.inputs.len() / 2;
        for (view, inputs) in s.inputs.chunks(n.max(1)).enumerate() {
            let sum = &mut sums[view * HIDDEN..(view + 1) * HIDDEN];
            sum.copy_from_slice(&self.b1);
            for &i in inputs {
                let row = &self.w1[usize::from(i) * HIDDEN..][..HIDDEN];
                sum.iter_mut().zip(row).for_each(|(v, w)| *v += w);
            }
        }
        let dot: f32 = sums.iter().zip(&self.w2).map(|(v, w)| clip(*v) * w).sum();
        self.b2 + dot
    }

    /// The probability that the side to move wins, on the targets' curve.
    fn predict(&self, s: &Sample, k: f32, sums: &mut [f32; 2 * HIDDEN]) -> f32 {
        let cp = s.terms + self.forward(s, sums) * UNIT_CP as f32;
        sigmoid(f64::from(k * cp)) as f32
    }

    fn params(&mut self) -> impl Iterator<Item = &mut f32> {
        let b2 = std::iter::once(&mut self.b2);
        (self.w1.iter_mut().chain(&mut self.b1).chain(&mut self.w2)).chain(b2)
    }
}

/// The mean squared error of the samples.
fn loss(net: &Net, samples: &[Sample], k: f32) -> f64 {
    let mut sums = [0.0; 2 * HIDDEN];
    let total: f64 = (samples.iter())
        .map(|s| f64::from(net.predict(s, k, &mut sums) - s.target).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The `K` with the least error for the terms alone ([`data::fit_k`], as `kchess tune fit`
/// fits it).
fn fit_k(samples: &[Sample]) -> f32 {
    let error = |samples: &[&Sample], k: f64| {
        let total: f64 = (samples.iter())
            .map(|s| (sigmoid(k * f64::from(s.terms)) - f64::from(s.target)).powi(2))
            .sum();
        total / samples.len() as f64
    };
    data::fit_k(samples, |s| s.has_result, error) as f32
}

/// Adds the gradient of one sample's squared error to `grad` (laid out as [`Net::params`]).
fn accumulate(net: &Net, s: &Sample, k: f32, grad: &mut [f32]) {
    let mut sums = [0.0; 2 * HIDDEN];
    let p = net.predict(s, k, &mut sums);
    // d/d(output) of (p - t)^2: dp/d(cp) = p (1 - p) k ln10 / SIGMOID_CP, cp = terms + UNIT out.
    let d = 2.0 * (p - s.target) * p * (1.0 - p) * k * std::f32::consts::LN_10 * UNIT_CP as f32
        / SIGMOID_CP as f32;
    let (g1, rest) = grad.split_at_mut(INPUTS * HIDDEN);
    let (gb1, rest) = rest.split_at_mut(HIDDEN);
    let (g2, gb2) = rest.split_at_mut(2 * HIDDEN);
    gb2[0] += d;
    let n = s.inputs.len() / 2;
    for (view, inputs) in s.inputs.chunks(n.max(1)).enumerate() {
        let sum = &sums[view * HIDDEN..(view + 1) * HIDDEN];
        let w2 = &net.w2[view * HIDDEN..(view + 1) * HIDDEN];
        let g2 = &mut g2[view * HIDDEN..(view + 1) * HIDDEN];
        let mut back = [0.0; HIDDEN];
        for j in 0..HIDDEN {
            g2[j] += d * clip(sum[j]);
            // The clip passes a gradient only inside 0..1.
            back[j] = if sum[j] > 0.0 && sum[j] < 1.0 {
                d * w2[j]
            } else {
                0.0
            };
            gb1[j] += back[j];
        }
        for &i in inputs {
            let row = &mut g1[usize::from(i) * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&back).for_each(|(g, b)| *g += b);
        }
    }
}

/// Adam's state: the moments of every parameter.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
}

impl Adam {
    fn step(&mut self, net: &mut Net, grad: &[f32], rate: f32) {
        self.step += 1;
        let (c1, c2) = (
            1.0 - (BETA1 as f32).powi(self.step),
            1.0 - (BETA2 as f32).powi(self.step),
        );
        let (b1, b2) = (BETA1 as f32, BETA2 as f32);
        for (((w, g), m), v) in net.params().zip(grad).zip(&mut self.m).zip(&mut self.v) {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + ADAM_EPSILON as f32);
        }
    }
}

/// `opts.epochs` passes of Adam over the samples; `report` hears each epoch's training error
/// and returns its own measure of the network (the first validation set's error), by which
/// the best network is kept.
fn train(
    samples: &mut [Sample],
    net: &mut Net,
    k: f32,
    opts: &NetOptions,
    mut report: impl FnMut(usize, &Net, f64) -> Option<f64>,
) {
    let params = INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1;
    let mut adam = Adam {
        m: vec![0.0; params],
        v: vec![0.0; params],
        step: 0,
    };
    let mut grad = vec![0.0; params];
    let mut rng = Rng::new(opts.seed.wrapping_add(1));
    let mut best: Option<(f64, Net)> = None;
    for epoch in 1..=opts.epochs {
        for i in (1..samples.len()).rev() {
            samples.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let late = epoch > opts.epochs * 3 / 4;
        let rate = opts.learning_rate * if late { 0.1 } else { 1.0 };
        for batch in samples.chunks(BATCH) {
            grad.fill(0.0);
            batch.iter().for_each(|s| accumulate(net, s, k, &mut grad));
            let n = batch.len() as f32;
            grad.iter_mut().for_each(|g| *g /= n);
            adam.step(net, &grad, rate);
        }
        if let Some(measure) = report(epoch, net, loss(net, samples, k)) {
            if best.as_ref().is_none_or(|(b, _)| measure < *b) {
                best = Some((measure, net.clone()));
            }
        }
    }
    if let Some((_, kept)) = best {
        *net = kept;
    }
}

/// Fits the network and writes it; prints the progress.
pub fn run(opts: &NetOptions) -> Result<(), DataError> {
    let mut samples = read(
        &opts.labelled.data,
        opts.labelled.mirror,
        opts.labelled.lambda,
    )?;
    let k = fit_k(&samples);
    let validation = (opts.labelled.validation.iter())
        .map(|path| read(path, false, data::LAMBDA).map(|v| (path, v)))
        .collect::<Result<Vec<_>, _>>()?;
    let current = Net::current();
    eprintln!(
        "{} positions; K = {k:.4}; error {:.6} with the current network",
        samples.len(),
        loss(&current, &samples, k)
    );
    for (path, v) in &validation {
        let error = loss(&current, v, k);
        eprintln!(
            "validation {}: {} positions; error {error:.6} with the current network",
            path.display(),
            v.len()
        );
    }
    let mut net = if opts.from_current {
        current
    } else {
        Net::new(&mut Rng::new(opts.seed))
    };
    train(&mut samples, &mut net, k, opts, |epoch, net, error| {
        let errors: Vec<f64> = validation.iter().map(|(_, v)| loss(net, v, k)).collect();
        eprintln!("{}", data::epoch_line(epoch, error, &errors));
        errors.first().copied()
    });
    for (path, v) in &validation {
        let error = loss(&net, v, k);
        eprintln!("validation {}: error {error:.6}", path.display());
    }
    let text = weights_file(&net).map_err(|reason| DataError::Data {
        path: opts.out.clone(),
        line: 0,
        reason,
    })?;
    fs::write(&opts.out, text).map_err(|source| DataError::Io {
        path: opts.out.clone(),
        source,
    })
}

/// `x` times `scale`, rounded, if it fits an `i16`.
fn quantize(x: f32, scale: f32) -> Result<i16, String> {
    let q = (x * scale).round();
    if q.abs() > f32::from(i16::MAX) {
        return Err(format!(
            "a weight of {x} does not fit the network's integers"
        ));
    }
    Ok(q as i16)
}

/// The text of `chess-core/src/eval/network_weights.rs` for `net`; an error when a weight is
/// too large for its integer (the core also checks, when it is compiled, that no sum wraps).
fn weights_file(net: &Net) -> Result<String, String> {
    let qa = QA as f32;
    let row = |values: &[f32], scale: f32| -> Result<String, String> {
        let q: Vec<String> = (values.iter())
            .map(|&x| quantize(x, scale).map(|q| q.to_string()))
            .collect::<Result<_, _>>()?;
        Ok(q.join(", "))
    };
    let mut out = String::from(
        "//! The network's weights (see [`super`]).\n\
         //!\n\
         //! Written by `kchess tune net` (tools/src/tune/net.rs): fitted to positions labelled\n\
         //! with Stockfish's scores and their games' results, on top of the weighted terms. Do\n\
         //! not edit by hand; fit again.\n\
         \n\
         use super::{HIDDEN, INPUTS};\n\
         \n\
         /// A row of the first layer for each input, times `QA`.\n\
         #[rustfmt::skip]\n\
         pub static FEATURE_WEIGHTS: [[i16; HIDDEN]; INPUTS] = [\n",
    );
    for r in net.w1.chunks(HIDDEN) {
        let _ = writeln!(out, "    [{}],", row(r, qa)?);
    }
    let b2 = (net.b2 * qa * QB as f32).round();
    let _ = write!(
        out,
        "];\n\n\
         /// The first layer's bias, times `QA`.\n\
         #[rustfmt::skip]\n\
         pub static FEATURE_BIAS: [i16; HIDDEN] = [{}];\n\n\
         /// The output layer, times `QB`: the side to move's values, then the other side's.\n\
         #[rustfmt::skip]\n\
         pub static OUTPUT_WEIGHTS: [i16; 2 * HIDDEN] = [{}];\n\n\
         /// The output's bias, times `QA * QB`.\n\
         pub static OUTPUT_BIAS: i32 = {b2};\n",
        row(&net.b1, qa)?,
        row(&net.w2, QB as f32)?,
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::data::{temp_file, MISJUDGED};
    use super::*;
    use chess_core::fen::parse_fen;

    #[test]
    fn the_floats_agree_with_the_cores_integers() {
        // The same inputs, layout and scales: the core's network and this one read back from
        // its integers give the same score, up to the core's rounding.
        let net = Net::current();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = parse_fen(fen.as_bytes()).unwrap();
            let mut inputs = Vec::new();
            let mut theirs = Vec::new();
            network::for_each_input(&pos, |o, t| {
                inputs.push(o as u16);
                theirs.push(t as u16);
            });
            inputs.extend(theirs);
            let s = Sample {
                inputs,
                terms: 0.0,
                target: 0.5,
                has_result: true,
            };
            let float = net.forward(&s, &mut [0.0; 2 * HIDDEN]) * UNIT_CP as f32;
            let int = network::evaluate(&pos) as f32;
            assert!((float - int).abs() <= 1.0, "{fen}: {float} against {int}");
        }
    }

    #[test]
    fn from_the_current_network_no_epochs_write_it_unchanged() {
        let path = temp_file("current-net", MISJUDGED);
        let out = path.with_extension("rs");
        run(&NetOptions {
            labelled: DataArgs {
                data: path.clone(),
                validation: Vec::new(),
                mirror: false,
                lambda: data::LAMBDA,
            },
            out: out.clone(),
            epochs: 0,
            learning_rate: LEARNING_RATE,
            seed: 1,
            from_current: true,
        })
        .unwrap();
        let current = include_str!("../../../chess-core/src/eval/network_weights.rs");
        assert!(fs::read_to_string(&out).unwrap() == current);
        let _ = (fs::remove_file(path), fs::remove_file(out));
    }

    #[test]
    fn fitting_lowers_the_error_and_writes_a_network() {
        // A knight more scored level, and a level position scored as winning: the network must
        // move the terms' evaluation towards both.
        let path = temp_file("lower", MISJUDGED);
        let out = path.with_extension("rs");
        let opts = NetOptions {
            labelled: DataArgs {
                data: path.clone(),
                validation: vec![path.clone()],
                mirror: false,
                lambda: data::LAMBDA,
            },
            out: out.clone(),
            epochs: 40,
            learning_rate: 0.01,
            seed: 1,
            from_current: false,
        };
        let mut samples = read(&path, false, data::LAMBDA).unwrap();
        let mut net = Net::new(&mut Rng::new(1));
        let before = loss(&net, &samples, 1.0);
        let mut errors = Vec::new();
        train(&mut samples, &mut net, 1.0, &opts, |_, _, e| {
            errors.push(e);
            None
        });
        assert_eq!(errors.len(), 40);
        assert!(errors[39] < before / 2.0, "{before} {errors:?}");
        run(&opts).unwrap();
        let text = fs::read_to_string(&out).unwrap();
        assert_eq!(text.matches("    [").count(), INPUTS);
        assert!(text.contains("pub static OUTPUT_BIAS: i32 = "));
        let _ = (fs::remove_file(path), fs::remove_file(out));
    }
}
