//! `kchess tune`: tools for tuning the evaluation. `positions` plays self-play games with the
//! core in this process and writes quiet positions with the games' results, the raw material
//! of a Texel tuning (`tools/tune/label.py` adds Stockfish's scores); `fit` fits the
//! evaluation's weights to them and writes `chess-core/src/eval/weights.rs`; `net` fits the
//! network that corrects those weights and writes `chess-core/src/eval/network_weights.rs`.

pub mod data;
pub mod fit;
pub mod net;
pub mod positions;
