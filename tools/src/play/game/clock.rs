//! The clocks of a game played with a time control.

use super::*;

impl<W: Write> Game<'_, W> {
    /// Starts the clock of the side to move when a person plays it (waiting at the prompt).
    pub(in crate::play) fn clock_start(&mut self) -> Result<(), PlayError> {
        if self.clock.is_some() && self.over.is_none() {
            let turn = self.position()?.turn();
            if !self.is_cpu(turn) {
                if let Some(c) = &mut self.clock {
                    c.start(turn);
                }
            }
        }
        Ok(())
    }

    /// Ends the game when the running clock has no time left; true when it did.
    pub(in crate::play) fn flag_check(&mut self) -> Result<bool, PlayError> {
        match self.clock.as_ref().and_then(Clocks::fallen) {
            Some(side) if self.over.is_none() => {
                self.lost_on_time(side)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    pub(super) fn lost_on_time(&mut self, side: Color) -> Result<(), PlayError> {
        let why = match self.players {
            Players::Cpu { .. } if self.is_cpu(side) => "kchess ran out of time: you win!".into(),
            Players::Cpu { .. } => "Your time ran out: kchess wins.".into(),
            _ => format!(
                "{} ran out of time: {} wins.",
                side_name(side),
                side_name(!side)
            ),
        };
        let result = match side {
            Color::White => "0-1",
            Color::Black => "1-0",
        };
        self.end(&why, result)
    }

    /// `side` moved: its clock stops (and gets the increment); a fallen flag ends the game.
    pub(super) fn clock_moved(&mut self, side: Color) -> Result<(), PlayError> {
        let in_time = self.clock.as_mut().is_none_or(|c| c.moved(side));
        if !in_time && self.over.is_none() {
            self.lost_on_time(side)?;
        }
        Ok(())
    }

    /// The clock of the side to move, for the prompt: `, 4:57`.
    pub(in crate::play) fn clock_note(&self, side: Color) -> String {
        match &self.clock {
            Some(c) => format!(", {}", show_ms(c.left_ms(side))),
            None => String::new(),
        }
    }
}
