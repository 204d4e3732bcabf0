//! The kchess chess core: every rule of chess, the `/dev/chess` protocol and the CPU player.
//!
//! The same module files are compiled into the kernel module (mounted with `#[path]`) and into
//! the userspace simulator and tools, so this file holds only crate attributes and `pub mod` lines.
//!
//! # Contracts and the boundary
//!
//! Input from outside (protocol lines, FEN, options) is checked, clamped or refused where it
//! enters: in `protocol` and `notation`, with an error a user can read. Inside the core,
//! functions state their contracts (a move given to `Position::make` is legal, a move list
//! never overflows, the board's arrays, slots and bitboards agree, the hash matches the
//! position) and check them with `debug_assert!`: the tests and the test kernel run with debug
//! assertions, so a broken contract stops there, at its cause. Release builds never panic: where
//! a broken contract could corrupt state, they refuse and leave things unchanged instead
//! (`Position::make` returns an `IllegalMove`), and nowhere else do they pay for the checks.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
pub mod board;
pub mod command;
pub mod eval;
pub mod fen;
pub mod game;
pub mod level;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod protocol;
pub mod search;
pub mod square;
