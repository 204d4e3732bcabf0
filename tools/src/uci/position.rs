//! `position`: its words, the position they name, and how the device is brought there.

use chess_core::notation::MoveText;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::UciError;
use crate::movetext::{fen_of, position_from_fen, protocol_move, uci_text};

/// A `position` command: the base FEN (normalised) and the UCI moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCmd {
    /// `None` for `startpos`.
    pub fen: Option<String>,
    /// The moves, in UCI notation.
    pub moves: Vec<String>,
}

impl PositionCmd {
    /// Parses the words after `position`.
    pub fn parse(words: &[&str]) -> Result<PositionCmd, UciError> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let fen = match head.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            _ => return Err(UciError::Position(words.join(" "))),
        };
        Ok(PositionCmd {
            fen,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        })
    }
}

/// One move of the GUI's line.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The position before it.
    pub(super) before: Chess,
    /// The move in UCI notation.
    pub(super) uci: String,
    /// The move as the device takes it.
    pub(super) text: MoveText,
}

/// The position the GUI asked for, resolved against shakmaty.
pub(super) struct Wanted {
    /// The base position's normalised FEN (the key for incremental updates).
    pub(super) base: String,
    /// The moves from the base position.
    pub(super) steps: Vec<Step>,
    /// The position after them.
    pub(super) pos: Chess,
}

impl Wanted {
    /// Resolves a `position` command.
    pub(super) fn resolve(cmd: &PositionCmd) -> Result<Wanted, UciError> {
        let mut pos = match &cmd.fen {
            None => Chess::default(),
            Some(fen) => position_from_fen(fen)?,
        };
        let base = fen_of(&pos);
        let mut steps = Vec::with_capacity(cmd.moves.len());
        for mv in &cmd.moves {
            let m: Move = mv
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
                .ok_or_else(|| UciError::IllegalMove {
                    uci: mv.clone(),
                    fen: fen_of(&pos),
                })?;
            steps.push(Step {
                before: pos.clone(),
                uci: uci_text(&m),
                text: protocol_move(&pos, &m),
            });
            pos.play_unchecked(&m);
        }
        Ok(Wanted { base, steps, pos })
    }

    /// The moves in UCI notation.
    pub(super) fn moves(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.uci.clone()).collect()
    }
}

/// The FEN to load when the device has ended a game the GUI plays on through: the position
/// without its history, and with the halfmove clock reset if the fifty-move rule ended it
/// (`09` would otherwise load a game that is already over).
pub(super) fn reload_fen(pos: &Chess) -> String {
    let fen = fen_of(pos);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if pos.halfmoves() >= 100 && fields.len() == 6 {
        fields[4] = "0";
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_words() {
        let p = PositionCmd::parse(&["startpos", "moves", "e2e4", "e7e5"]).unwrap();
        assert_eq!(p.fen, None);
        assert_eq!(p.moves, vec!["e2e4", "e7e5"]);
        let p =
            PositionCmd::parse(&["fen", "8/8/8/8/8/8/8/K1k5", "w", "-", "-", "0", "1"]).unwrap();
        assert_eq!(p.fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert!(p.moves.is_empty());
        assert!(PositionCmd::parse(&["banana"]).is_err());
        assert!(PositionCmd::parse(&["fen"]).is_err());
    }

    #[test]
    fn a_line_resolves_or_names_its_illegal_move() {
        let cmd = PositionCmd::parse(&["startpos", "moves", "e2e4", "e7e5"]).unwrap();
        let w = Wanted::resolve(&cmd).unwrap();
        assert_eq!(w.moves(), ["e2e4", "e7e5"]);
        assert_eq!(w.steps[1].text, MoveText::parse(b"BPe7-e5").unwrap());
        assert_eq!(w.pos.fullmoves().get(), 2);
        let cmd = PositionCmd::parse(&["startpos", "moves", "e2e4", "e2e4"]).unwrap();
        let e = Wanted::resolve(&cmd).err().unwrap();
        assert_eq!(
            e.to_string(),
            "illegal move e2e4 in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; \
             position ignored"
        );
    }

    #[test]
    fn a_fifty_move_draw_reloads_with_a_fresh_clock() {
        let pos = position_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
        assert_eq!(reload_fen(&pos), "4k3/8/8/8/8/8/8/R3K3 w - - 0 80");
    }
}
