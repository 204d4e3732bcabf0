//! The kchess tools: a connection to a chess device (the simulator, `/dev/chess`, or an
//! in-process device) and a typed client of its protocol, the terminal game, the UCI bridge,
//! the transcript runner, perft and benchmarks, and the data for tuning the evaluation.

pub mod bench;
pub mod benchvm;
pub mod boards;
pub mod client;
pub mod interrupt;
pub mod link;
pub mod movetext;
pub mod perft;
pub mod play;
pub mod record;
pub mod transcript;
pub mod tune;
pub mod uci;
pub mod validate;
pub mod vmcheck;
