//! `kchess tune`: tools for tuning the evaluation. `positions` plays self-play games with the
//! core in this process and writes quiet positions with the games' results, the raw material
//! of a Texel tuning (`tools/tune/label.py` adds Stockfish's scores); `fit` fits the
//! evaluation's weights to them and writes `chess-core/src/eval/weights.rs`.

pub mod fit;
pub mod positions;
