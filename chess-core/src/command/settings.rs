//! The argument of `07`: the CPU's budget (`T`, `D`, `N`, `I`) or one of its settings (`L`, `V`,
//! `S`, `P`), with the ranges the protocol accepts, parsed and written in one place.

use crate::level::{Level, MAX_VARIETY};
use crate::notation::{parse_decimal, Writer};
use crate::search::{Limit, MAX_LINES};

/// The largest time budget `07 T` accepts, in milliseconds.
pub const MAX_THINK_MS: u32 = 60_000;

/// The largest depth `07 D` accepts (the search itself stops at `MAX_PLY - 1`).
pub const MAX_DEPTH: u8 = 64;

/// The largest node limit `07 N` accepts.
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// The largest seed `07 S` accepts.
pub const MAX_SEED: u64 = 9_999_999_999_999_999;

/// How the CPU plays, beside its budget: each set by its own `07` letter and kept until changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setting {
    /// `07 L<elo>`: play at about this strength; `07 L` alone: full strength.
    Level(Option<Level>),
    /// `07 V<cp>`: at full strength, choose among the moves within this many centipawns of the
    /// best (0: always the best).
    Variety(u16),
    /// `07 S<seed>`: the seed of the choices levels and variety make.
    Seed(u64),
    /// `07 P<n>`: rank the best `n` root moves (`MultiPV`), each reported by `13`.
    Lines(u8),
}

/// A number from 1 to `max`.
pub(super) fn parse_positive(s: &[u8], max: u64) -> Option<u64> {
    parse_decimal(s, max).filter(|&n| n >= 1)
}

/// Parses the argument of `07`.
pub(super) fn parse_limit(arg: &[u8]) -> Option<Limit> {
    let (&kind, digits) = arg.split_first()?;
    match kind {
        b'T' => parse_positive(digits, u64::from(MAX_THINK_MS))
            .and_then(|n| u32::try_from(n).ok())
            .map(Limit::Time),
        b'D' => parse_positive(digits, u64::from(MAX_DEPTH))
            .and_then(|n| u8::try_from(n).ok())
            .map(Limit::Depth),
        b'N' => parse_positive(digits, MAX_NODES).map(Limit::Nodes),
        b'I' if digits.is_empty() => Some(Limit::Infinite),
        _ => None,
    }
}

/// Parses the argument of `07` that is a setting rather than a budget.
pub(super) fn parse_setting(arg: &[u8]) -> Option<Setting> {
    let (&kind, digits) = arg.split_first()?;
    match kind {
        b'L' if digits.is_empty() => Some(Setting::Level(None)),
        b'L' => parse_decimal(digits, u64::from(u16::MAX))
            .and_then(|n| u16::try_from(n).ok())
            .and_then(Level::new)
            .map(|level| Setting::Level(Some(level))),
        b'V' => parse_decimal(digits, u64::from(MAX_VARIETY))
            .and_then(|n| u16::try_from(n).ok())
            .map(Setting::Variety),
        b'S' => parse_decimal(digits, MAX_SEED).map(Setting::Seed),
        b'P' => parse_positive(digits, MAX_LINES as u64)
            .and_then(|n| u8::try_from(n).ok())
            .map(Setting::Lines),
        _ => None,
    }
}

/// Writes a budget as `07` takes it: `T500`, `D8`, `N100000` or `I`.
pub fn write_limit(limit: Limit, out: &mut Writer<'_>) {
    match limit {
        Limit::Time(ms) => {
            out.byte(b'T');
            out.number(u64::from(ms));
        }
        Limit::Depth(d) => {
            out.byte(b'D');
            out.number(u64::from(d));
        }
        Limit::Nodes(n) => {
            out.byte(b'N');
            out.number(n);
        }
        Limit::Infinite => out.byte(b'I'),
    }
}

/// Writes a setting as `07` takes it: `L1500`, `L`, `V20`, `S42` or `P3`.
pub fn write_setting(setting: Setting, out: &mut Writer<'_>) {
    let (letter, value) = match setting {
        Setting::Level(level) => (b'L', level.map(|l| u64::from(l.elo()))),
        Setting::Variety(cp) => (b'V', Some(u64::from(cp))),
        Setting::Seed(seed) => (b'S', Some(seed)),
        Setting::Lines(n) => (b'P', Some(u64::from(n))),
    };
    out.byte(letter);
    if let Some(v) = value {
        out.number(v);
    }
}
