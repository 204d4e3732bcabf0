//! `kchess tune`: fitting the evaluation's weights to data.

pub mod fit;
