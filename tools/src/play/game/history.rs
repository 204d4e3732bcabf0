//! Taking moves back and replaying them, and hints.

use super::*;

impl<W: Write> Game<'_, W> {
    /// Shows the last move of the device's record as the last move.
    pub(super) fn set_last_from_history(&mut self) -> Result<(), PlayError> {
        self.last = None;
        let remaining = self.client.history()?;
        if let Some(&text) = remaining.last() {
            let start = position_from_fen(&self.start_fen)?;
            let played = replay(&start, &remaining);
            let shown = match played.last() {
                Some((before, m)) if played.len() == remaining.len() => {
                    numbered(before, &san_text(before, m))
                }
                _ => move_string(&remaining[played.len()]),
            };
            self.last = Some((text, shown));
        }
        Ok(())
    }

    /// Takes back the last half-move on the device, keeping it for redo; false when there is
    /// nothing to take back.
    pub(super) fn undo_one(&mut self) -> Result<bool, PlayError> {
        let Some(last) = self.client.history()?.pop() else {
            return Ok(false);
        };
        match self.client.undo() {
            Ok(()) => {
                self.redo.push(last);
                Ok(true)
            }
            Err(ClientError::Refused { reply, .. }) => {
                self.say(&format!("Undo failed: {reply}"))?;
                Ok(false)
            }
            Err(e) => Err(e.into()),
        }
    }

    pub(in crate::play) fn undo(&mut self) -> Result<(), PlayError> {
        let mut plies = 0;
        // Back to a person's turn, taking back at least one of their moves against the CPU.
        loop {
            if !self.undo_one()? {
                break;
            }
            plies += 1;
            let turn = self.position()?.turn();
            let back_to_person = !self.is_cpu(turn);
            if back_to_person || matches!(self.players, Players::Watch) {
                break;
            }
        }
        if plies == 0 {
            return self.say("Nothing to undo.");
        }
        if let Some(c) = &mut self.clock {
            c.pause();
        }
        self.over = None;
        self.result = "*";
        self.dirty = true;
        self.set_last_from_history()?;
        self.say(&format!(
            "Took back {plies} half-move{}.",
            if plies == 1 { "" } else { "s" }
        ))?;
        self.show_board()
    }

    pub(in crate::play) fn redo(&mut self) -> Result<(), PlayError> {
        let mut plies = 0;
        while let Some(text) = self.redo.last().copied() {
            let pos = self.position()?;
            let Some(m) = find_move(&pos, &text) else {
                self.redo.clear();
                break;
            };
            if !self.play_move(&pos, &m)? {
                break;
            }
            plies += 1;
            let turn = self.position()?.turn();
            if self.over.is_some() || !self.is_cpu(turn) || matches!(self.players, Players::Watch) {
                break;
            }
        }
        if plies == 0 {
            return self.say("Nothing to redo.");
        }
        self.show_board()
    }

    /// `hint`: what the engine would play here, searched on a scratch device.
    pub(in crate::play) fn hint(&mut self) -> Result<(), PlayError> {
        if self.over.is_some() {
            return self.say("The game is over.");
        }
        let pos = self.position()?;
        let history = self.client.history()?;
        let mut scratch = match self.hinter.take() {
            Some(c) => c,
            None => Client::connect(&Target::InProcess)?,
        };
        scratch.set_limit(self.limit)?;
        if self.start_fen == START_FEN {
            scratch.new_game(Mode::Humans)?;
        } else {
            scratch.load(Mode::Humans, &self.start_fen)?;
        }
        for text in &history {
            scratch.play(text)?;
        }
        self.stop.store(false, Ordering::SeqCst);
        self.say("Looking for a hint... (Ctrl-C: answer now)")?;
        self.out.flush()?;
        think::cpu_move(&mut scratch, None, self.stop, None)?;
        self.stop.store(false, Ordering::SeqCst);
        let text = scratch.last_move()?;
        let detail = scratch
            .search_info()?
            .map(|r| format!("  [{}]", describe_search(&r, side_name(pos.turn()))))
            .unwrap_or_default();
        self.hinter = Some(scratch);
        let shown = match find_move(&pos, &text) {
            Some(m) => format!("{} ({})", san_text(&pos, &m), uci_text(&m)),
            None => move_string(&text),
        };
        self.say(&format!("Hint: {shown}{detail}"))
    }
}
