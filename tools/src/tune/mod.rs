//! `kchess tune`: tools for tuning the evaluation. `positions` plays self-play games with the
//! core in this process and writes quiet positions with the games' results, the raw material
//! of a Texel tuning (`tools/tune/label.py` adds Stockfish's scores); `fit` fits the
//! evaluation's weights to them and writes `chess-core/src/eval/weights.rs`; `net` fits the
//! network that corrects those weights and writes `chess-core/src/eval/network_weights.rs`.

pub mod data;
pub mod fit;
pub mod net;
pub mod positions;

/// The subcommands of `kchess tune`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Play self-play games in this process and write their quiet positions, one `FEN;R` line
    /// each, R the game's result for White (1, 0.5 or 0).
    Positions(positions::Args),
    /// Fit the weights to labelled positions (`FEN;R;CP` lines) and write a new weights file.
    Fit(fit::FitOptions),
    /// Fit the network that corrects the weighted terms to labelled positions (`FEN;R;CP`
    /// lines) and write a new network file.
    Net(net::NetOptions),
}

/// Why a `kchess tune` subcommand failed.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The labelled positions could not be read, or the fit not written.
    #[error(transparent)]
    Data(#[from] data::DataError),
    /// The self-play positions could not be written.
    #[error(transparent)]
    Positions(#[from] positions::PositionsError),
}

impl Command {
    /// Runs the subcommand.
    pub fn run(&self) -> Result<(), TuneError> {
        match self {
            Command::Positions(args) => positions::main(args).map(|_| ())?,
            Command::Fit(opts) => fit::run(opts)?,
            Command::Net(opts) => net::run(opts)?,
        }
        Ok(())
    }
}
