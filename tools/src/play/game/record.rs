//! A game's record: its end, its PGN, saving and loading.

use super::*;

impl<W: Write> Game<'_, W> {
    /// Ends the game: `why` for the player, `result` for PGN; a finished game is recorded.
    pub(in crate::play) fn end(
        &mut self,
        why: &str,
        result: &'static str,
    ) -> Result<(), PlayError> {
        if let Some(c) = &mut self.clock {
            c.pause();
        }
        self.over = Some(why.to_string());
        self.result = result;
        self.over_told = false;
        if self.replaying {
            return Ok(());
        }
        self.record()
    }

    /// Appends the finished game to the PGN file of finished games.
    pub(super) fn record(&mut self) -> Result<(), PlayError> {
        let Some(path) = self.pgn_out.clone() else {
            return Ok(());
        };
        let text = self.pgn_text()?;
        let written = (|| {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)?;
            f.write_all(text.as_bytes())
        })();
        match written {
            Ok(()) => {
                self.dirty = false;
                self.say(&format!("The game is recorded in {}.", path.display()))
            }
            Err(e) => self.say(&format!(
                "Could not record the game in {}: {e}",
                path.display()
            )),
        }
    }

    /// The tags a new game starts with.
    pub(super) fn fresh_tags(&self) -> Vec<(String, String)> {
        let name = |side| {
            if self.is_cpu(side) {
                "kchess".to_string()
            } else if matches!(self.players, Players::Cpu { .. }) {
                person()
            } else {
                "?".to_string()
            }
        };
        let mut tags = vec![
            ("Event".into(), "kchess game".into()),
            ("Site".into(), "?".into()),
            ("Date".into(), pgn::today()),
            ("Round".into(), "-".into()),
            ("White".into(), name(Color::White)),
            ("Black".into(), name(Color::Black)),
        ];
        if let Some(tc) = self.tc {
            tags.push(("TimeControl".into(), tc.tag()));
        }
        if let Some(elo) = self.elo {
            for (side, tag) in [(Color::White, "WhiteElo"), (Color::Black, "BlackElo")] {
                if self.is_cpu(side) {
                    tags.push((tag.into(), elo.to_string()));
                }
            }
        }
        tags
    }

    /// The moves played, with the position before each.
    pub(super) fn played(&mut self) -> Result<(Chess, Vec<Move>), PlayError> {
        let start = position_from_fen(&self.start_fen)?;
        let history = self.client.history()?;
        let moves = replay(&start, &history)
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        Ok((start, moves))
    }

    /// `moves`: the game so far in numbered SAN.
    pub(in crate::play) fn list_game(&mut self) -> Result<(), PlayError> {
        let (start, moves) = self.played()?;
        if moves.is_empty() {
            return self.say("No moves yet.");
        }
        let words = pgn::numbered_sans(&start, &moves);
        let mut line = String::new();
        for w in words {
            if w.contains('.') && !line.is_empty() && line.len() + w.len() > 70 {
                self.say(&line)?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        if self.over.is_some() {
            line.push(' ');
            line.push_str(self.result);
        }
        self.say(&line)
    }

    /// The game as PGN.
    pub(in crate::play) fn pgn_text(&mut self) -> Result<String, PlayError> {
        let (start, moves) = self.played()?;
        let tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .chain(std::iter::once(("Result", self.result.to_string())))
            .collect();
        let comment = self.over.clone();
        Ok(pgn::write_pgn(
            &tags,
            &start,
            &moves,
            self.result,
            comment.as_deref(),
        ))
    }

    /// `save FILE`: the game as PGN in `path` (replacing the file).
    pub(in crate::play) fn save(&mut self, path: &Path) -> Result<(), PlayError> {
        let text = self.pgn_text()?;
        match std::fs::write(path, text) {
            Ok(()) => {
                self.dirty = false;
                self.say(&format!("Saved the game to {}.", path.display()))
            }
            Err(e) => self.say(&format!("Could not save to {}: {e}", path.display())),
        }
    }

    /// `load FILE [N]`: game N (the last one by default) of a PGN file.
    pub(in crate::play) fn load(
        &mut self,
        path: &Path,
        which: Option<usize>,
    ) -> Result<(), PlayError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.say(&format!("Cannot read {}: {e}", path.display())),
        };
        let (game, count) = match pgn::read_pgn(&text, which) {
            Ok(g) => g,
            Err(e) => return self.say(&format!("Cannot load {}: {e}", path.display())),
        };
        if let Players::Cpu { human } = self.players {
            // Resume on the side the person played.
            let (w, b) = (game.tag("White"), game.tag("Black"));
            let human = match (w, b) {
                (Some("kchess"), Some(b)) if b != "kchess" => crate::play::Colour::Black,
                (Some(w), Some("kchess")) if w != "kchess" => crate::play::Colour::White,
                _ => human,
            };
            self.players = Players::Cpu { human };
        }
        let mut texts = Vec::with_capacity(game.moves.len());
        let mut pos = game.start.clone();
        for m in &game.moves {
            texts.push(protocol_move(&pos, m));
            pos.play_unchecked(m);
        }
        if count > 1 {
            let n = which.unwrap_or(count);
            self.say(&format!(
                "{} holds {count} games: loading game {n}.",
                path.display()
            ))?;
        }
        let fen = crate::movetext::fen_of(&game.start);
        self.setup(&fen, &texts, Some(&game))
    }
}
