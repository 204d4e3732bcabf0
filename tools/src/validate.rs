//! What a reply may look like for a given command: the oracle of the command storm and of the
//! concurrent stress test against `/dev/chess`.

use chess_core::fen::parse_fen;
use chess_core::notation::MoveText;

/// The fixed reply codes.
pub const CODES: &[&[u8]] = &[
    b"OK\n",
    b"CHECK\n",
    b"MATE\n",
    b"STALEMATE\n",
    b"DRAW\n",
    b"ILLMOVE\n",
    b"OOT\n",
    b"NOGAME\n",
    b"UNKCMD\n",
    b"INVFMT\n",
];

/// The replies to a move that was played.
pub const MOVE_REPLIES: &[&[u8]] = &[b"OK\n", b"CHECK\n", b"MATE\n", b"STALEMATE\n", b"DRAW\n"];

/// True when `reply` (with its newline) lists moves in MOVE notation, or is an empty line.
pub fn is_move_list(reply: &[u8]) -> bool {
    match reply.strip_suffix(b"\n") {
        Some([]) => true,
        Some(body) => body
            .split(|&c| c == b' ')
            .all(|m| MoveText::parse(m).is_ok()),
        None => false,
    }
}

/// True when `reply` is a 128-character board and its newline.
pub fn is_board(reply: &[u8]) -> bool {
    reply.len() == 129
        && reply.ends_with(b"\n")
        && reply[..128]
            .chunks(2)
            .all(|sq| sq == b"**" || (matches!(sq[0], b'W' | b'B') && b"KQRBNP".contains(&sq[1])))
}

/// A reply that its command may not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{:?} -> {:?}", String::from_utf8_lossy(.command), String::from_utf8_lossy(.reply))]
pub struct InvalidReply {
    /// The bytes sent.
    pub command: Vec<u8>,
    /// The reply.
    pub reply: Vec<u8>,
}

/// Checks a reply against what its command may answer; on failure describes both.
pub fn check(cmd: &[u8], reply: &[u8]) -> Result<(), InvalidReply> {
    let fail = || InvalidReply {
        command: cmd.to_vec(),
        reply: reply.to_vec(),
    };
    let Some(body) = reply.strip_suffix(b"\n") else {
        return Err(fail());
    };
    if body.contains(&b'\n') {
        return Err(fail());
    }
    let code = CODES.contains(&reply);
    let well_formed =
        cmd.len() >= 3 && cmd.ends_with(b"\n") && !cmd[..cmd.len() - 1].contains(&b'\n');
    let name: &[u8] = if well_formed { &cmd[..2] } else { b"??" };
    let only = |allowed: &[&[u8]]| allowed.contains(&reply);
    let ok = match name {
        b"01" => code || is_board(reply),
        b"05" | b"11" => code || is_move_list(reply),
        b"06" => code || parse_fen(body).is_ok(),
        b"08" => {
            code || (body.len() > 2
                && matches!(body[0], b'W' | b'B' | b'H')
                && body[1] == b' '
                && parse_fen(&body[2..]).is_ok())
        }
        b"12" => code || (!body.is_empty() && body.iter().all(u8::is_ascii_digit)),
        b"13" => code || body.is_empty() || body.starts_with(b"depth "),
        b"00" | b"07" | b"09" | b"14" => only(&[b"OK\n", b"INVFMT\n", b"UNKCMD\n"]),
        b"10" => only(&[b"OK\n", b"ILLMOVE\n", b"NOGAME\n", b"INVFMT\n", b"UNKCMD\n"]),
        b"04" => only(&[b"OK\n", b"OOT\n", b"NOGAME\n", b"INVFMT\n", b"UNKCMD\n"]),
        _ => code,
    };
    if ok {
        Ok(())
    } else {
        Err(fail())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_by_command() {
        assert!(check(b"01\n", b"NOGAME\n").is_ok());
        assert!(check(b"01\n", b"OK\n").is_ok());
        assert_eq!(
            check(b"01\n", b"OK").unwrap_err().to_string(),
            r#""01\n" -> "OK""#
        );
        assert!(check(b"05\n", b"WPe2-e4 BPe7-e5\n").is_ok());
        assert!(check(b"05\n", b"WPe2-e4  BPe7-e5\n").is_err());
        assert!(check(b"00 W\n", b"ILLMOVE\n").is_err());
        assert!(check(b"12 1\n", b"20\n").is_ok());
        assert!(check(
            b"06\n",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        )
        .is_ok());
    }
}
