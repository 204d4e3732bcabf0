//! The kchess chess core: every rule of chess, the `/dev/chess` protocol and the CPU player.
//!
//! The same module files are compiled into the kernel module (mounted with `#[path]`) and into
//! the userspace simulator and tools, so this file holds only crate attributes and `pub mod` lines.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
pub mod board;
pub mod command;
pub mod eval;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod protocol;
pub mod search;
