//! Strength levels and variety: how the CPU plays below its full strength, or less
//! predictably at it.
//!
//! A level is an Elo figure. It makes the search shallower (a node and a depth ceiling), has
//! it rank a few root moves instead of one, and then picks among those within a margin of the
//! best, favouring the better ones: near-best moves now and then, and at the lowest levels a
//! plausible blunder, never a random legal move. Variety does the same at full strength within
//! a small margin. The choice draws on a seeded [`Rng`], so a seed replays a game exactly.
//!
//! ```
//! use chess_core::level::{Level, Rng};
//! use chess_core::search::RootLine;
//! use chess_core::piece::{Move, MoveFlag, Square};
//!
//! # fn main() -> Result<(), &'static str> {
//! let level = Level::new(1200).ok_or("1200 is a level")?;
//! let stronger = Level::new(1800).ok_or("1800 is a level")?;
//! assert!(level.max_nodes() < stronger.max_nodes());
//! assert!(Level::new(700).is_none());
//!
//! let best = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
//! let worse = Move::new(Square::A2, Square::A3, MoveFlag::Quiet);
//! let lines = [RootLine { mv: best, score: 40 }, RootLine { mv: worse, score: -500 }];
//! // A move 540 cp worse than the best is outside every margin.
//! assert_eq!(level.choose(&lines, &mut Rng::new(7)), Some(best));
//! # Ok(())
//! # }
//! ```

use crate::piece::Move;
use crate::search::RootLine;

/// The lowest level, in Elo.
pub const MIN_ELO: u16 = 800;
/// The highest level: at it the CPU plays at full strength.
pub const MAX_ELO: u16 = 2400;
/// How many root moves a level ranks before it chooses.
pub const LEVEL_LINES: usize = 4;
/// How many root moves variety ranks before it chooses.
pub const VARIETY_LINES: usize = 3;
/// The widest variety margin, in centipawns.
pub const MAX_VARIETY: u16 = 100;

/// The knobs of a level at one Elo figure; levels between two anchors interpolate.
struct Anchor {
    elo: u16,
    /// The node ceiling of a search.
    nodes: u64,
    /// The depth ceiling of a search.
    depth: u8,
    /// How far below the best move (in centipawns) a chosen move may score.
    margin: i32,
}

/// The level table, by Elo. The knobs were measured against Stockfish 15.1's `UCI_Elo` ladder
/// (30 games each at 100 ms a move) and each anchor placed at the strength it showed; levels
/// below the ladder's 1350 are extrapolated. `docs/ENGINE.md` has the games and the figures.
#[rustfmt::skip]
const ANCHORS: [Anchor; 10] = [
    Anchor { elo: 700, nodes: 40, depth: 1, margin: 350 },
    Anchor { elo: 900, nodes: 80, depth: 1, margin: 250 },
    Anchor { elo: 1080, nodes: 200, depth: 2, margin: 170 },
    Anchor { elo: 1270, nodes: 600, depth: 3, margin: 110 },
    Anchor { elo: 1450, nodes: 2_000, depth: 4, margin: 70 },
    Anchor { elo: 1650, nodes: 8_000, depth: 6, margin: 40 },
    Anchor { elo: 1900, nodes: 40_000, depth: 9, margin: 20 },
    Anchor { elo: 2010, nodes: 200_000, depth: 14, margin: 8 },
    Anchor { elo: 2150, nodes: 1_000_000, depth: 20, margin: 3 },
    Anchor { elo: MAX_ELO, nodes: u64::MAX, depth: u8::MAX, margin: 0 },
];

/// A strength level: about this many Elo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level {
    elo: u16,
}

impl Level {
    /// The level of `elo`, within [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn new(elo: u16) -> Option<Level> {
        (MIN_ELO..=MAX_ELO).contains(&elo).then_some(Level { elo })
    }

    /// Its Elo figure.
    pub fn elo(&self) -> u16 {
        self.elo
    }

    /// The two anchors around this level and how far (per mille) it lies from the lower.
    fn between(&self) -> (&'static Anchor, &'static Anchor, u64) {
        let mut low = &ANCHORS[0];
        debug_assert!(
            low.elo <= MIN_ELO,
            "the table starts at or below the lowest level"
        );
        for high in ANCHORS.iter() {
            if high.elo >= self.elo {
                let span = u64::from(high.elo - low.elo).max(1);
                let part = u64::from(self.elo.saturating_sub(low.elo)) * 1000 / span;
                return (low, high, part.min(1000));
            }
            low = high;
        }
        (low, low, 0)
    }

    /// The node ceiling of its searches (`u64::MAX` at full strength).
    pub fn max_nodes(&self) -> u64 {
        let (low, high, part) = self.between();
        if high.nodes == u64::MAX {
            return if part == 1000 { u64::MAX } else { low.nodes };
        }
        low.nodes + (high.nodes - low.nodes) * part / 1000
    }

    /// The depth ceiling of its searches.
    pub fn max_depth(&self) -> u8 {
        let (low, high, part) = self.between();
        if high.depth == u8::MAX {
            return if part == 1000 { u8::MAX } else { low.depth };
        }
        let d = u64::from(low.depth) + u64::from(high.depth - low.depth) * part / 1000;
        d.min(u64::from(u8::MAX)) as u8
    }

    /// How far below the best a chosen move may score, in centipawns.
    pub fn margin(&self) -> i32 {
        let (low, high, part) = self.between();
        let p = part as i32;
        low.margin + (high.margin - low.margin) * p / 1000
    }

    /// True at [`MAX_ELO`], which plays as no level at all.
    pub fn is_full(&self) -> bool {
        self.elo >= MAX_ELO
    }

    /// Picks a move among ranked root `lines` (best first), as this level plays.
    pub fn choose(&self, lines: &[RootLine], rng: &mut Rng) -> Option<Move> {
        choose(lines, self.margin(), rng)
    }
}

/// Picks a move among ranked root `lines` (best first): one of those scoring within `margin`
/// of the best, each with a weight that falls linearly from `margin + 1` for the best to 1 at
/// the margin. Mate scores are never traded away. `None` when `lines` is empty.
pub fn choose(lines: &[RootLine], margin: i32, rng: &mut Rng) -> Option<Move> {
    let best = lines.first()?;
    debug_assert!(
        lines.windows(2).all(|w| w[0].score >= w[1].score),
        "root lines come best first"
    );
    if margin <= 0 || best.score.abs() > crate::search::MATE_BOUND {
        return Some(best.mv);
    }
    let weight = |l: &RootLine| -> u64 {
        let loss = best.score.saturating_sub(l.score);
        if loss > margin || l.score < -crate::search::MATE_BOUND {
            0
        } else {
            (margin - loss + 1).unsigned_abs().into()
        }
    };
    let total: u64 = lines.iter().map(weight).sum();
    let mut ticket = rng.below(total.max(1));
    for l in lines {
        let w = weight(l);
        if ticket < w {
            return Some(l.mv);
        }
        ticket -= w;
    }
    Some(best.mv)
}

/// A small seeded generator (SplitMix64): the same seed gives the same choices.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "Rng::below needs a non-empty range");
        self.next_u64() % n.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{MoveFlag, Square};

    fn line(to: Square, score: i32) -> RootLine {
        RootLine {
            mv: Move::new(Square::B1, to, MoveFlag::Quiet),
            score,
        }
    }

    #[test]
    fn the_anchors_grow_with_elo() {
        let mut last = (0, 0, i32::MAX);
        for elo in (MIN_ELO..MAX_ELO).step_by(50) {
            let l = Level::new(elo).unwrap();
            let now = (l.max_nodes(), l.max_depth(), l.margin());
            assert!(
                now.0 >= last.0 && now.1 >= last.1 && now.2 <= last.2,
                "{elo}: {now:?}"
            );
            last = now;
        }
        let full = Level::new(MAX_ELO).unwrap();
        assert!(full.is_full());
        assert_eq!(
            (full.max_nodes(), full.max_depth(), full.margin()),
            (u64::MAX, u8::MAX, 0)
        );
        // Between the anchors at 1270 and 1450: a sixth of the way.
        assert_eq!(
            Level::new(1300).unwrap().max_nodes(),
            600 + 1400 * 166 / 1000
        );
        assert_eq!(Level::new(1300).unwrap().margin(), 110 - 40 * 166 / 1000);
        assert_eq!(Level::new(MIN_ELO - 1), None);
        assert_eq!(Level::new(MAX_ELO + 1), None);
    }

    #[test]
    fn the_choice_stays_within_the_margin_and_favours_the_best() {
        let lines = [
            line(Square::C3, 30),
            line(Square::A3, 10),
            line(Square::D2, -50),
            line(Square::C3, -400),
        ];
        let mut rng = Rng::new(1);
        let mut counts = [0u32; 4];
        for _ in 0..10_000 {
            let mv = choose(&lines[..3], 60, &mut rng).unwrap();
            let i = lines
                .iter()
                .position(|l| l.mv == mv && l.score > -100)
                .unwrap();
            counts[i] += 1;
        }
        // Weights 61, 41 and 0 (the third is 80 cp worse than the best: outside the margin).
        assert_eq!(counts[2], 0);
        assert!(counts[0] > counts[1] && counts[1] > 3000, "{counts:?}");
    }

    #[test]
    fn a_mate_is_never_traded_away() {
        let mate = crate::search::MATE - 3;
        let lines = [line(Square::C3, mate), line(Square::A3, 200)];
        for seed in 0..100 {
            assert_eq!(choose(&lines, 350, &mut Rng::new(seed)), Some(lines[0].mv));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_choices() {
        let lines = [
            line(Square::C3, 0),
            line(Square::A3, 0),
            line(Square::D2, 0),
        ];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            [0; 16].map(|_: u8| choose(&lines, 100, &mut rng))
        };
        assert_eq!(run(42), run(42));
        assert_ne!(run(42), run(43));
    }
}
