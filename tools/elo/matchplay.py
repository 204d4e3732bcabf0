"""What the match scripts share (gauntlet.py, sprt.py): one game between two UCI engines, at a
fixed time a move or on a clock, with an optional adjudication; engines closed as well as they
can be; the Elo difference with its 95% margin; the PGN record of a game."""

import math
import threading
import time

import chess
import chess.engine
import chess.pgn

# How long an engine may go on thinking once its clock has run out before it is stopped: it has
# lost on time anyway, and a hung engine must not hang the match.
GRACE_S = 5.0


class Seat:
    """One side of a game: a name for the messages, the engine and the UCI options of each move."""

    def __init__(self, name, engine, options=None):
        self.name = name
        self.engine = engine
        self.options = options or {}


class GameEnd:
    """How a game ended: `result` ("1-0", "0-1", "1/2-1/2", or "*" when stopped), `termination`
    (words), `kind` (the termination without its details: "checkmate", "adjudication", "time
    forfeit", "failure", "illegal move", "abandoned", ...), `failed`, the colour whose engine
    failed and was closed (to be started afresh for the next game), or None, and `clocks`, on a
    clock the seconds its mover had left after each move played (the increment added)."""

    def __init__(self, result, termination, kind, failed=None):
        self.result = result
        self.termination = termination
        self.kind = kind
        self.failed = failed
        self.clocks = []


def seating(first, second, first_white):
    """The seats of a game by colour: `first` with White when `first_white`, else with Black."""
    if first_white:
        return {chess.WHITE: first, chess.BLACK: second}
    return {chess.WHITE: second, chess.BLACK: first}


def forget_failed(holder, end, seats):
    """After a game: closes the engine that failed, if one did, and sets the attribute of
    `holder` that held it to None, so that the next game starts it afresh."""
    if end.failed is None:
        return
    engine = seats[end.failed].engine
    close(engine)
    for key, value in vars(holder).items():
        if value is engine:
            setattr(holder, key, None)


def loss_for(colour):
    return "0-1" if colour == chess.WHITE else "1-0"


def close(engine):
    if engine is None:
        return
    try:
        engine.quit()
    except Exception:  # noqa: BLE001 - a dead engine is closed as well as it can be
        try:
            engine.close()
        except Exception:  # noqa: BLE001
            pass


def close_all(holders):
    """Closes every engine held in the dicts `holders` (each thread's engines by name)."""
    for held in holders:
        for engine in held.values():
            close(engine)


def play_game(board, seats, movetime=None, tc=None, adjudicate=None, stop=None):
    """Plays `board` on to its end; `seats` maps each colour to its Seat. Either `movetime`
    (seconds a move) or `tc` (base seconds, increment seconds): then each side's clock is kept
    here, from `go` to `bestmove`, and a flag that falls loses. `adjudicate(board, cp)`, when
    given, is called after each move with the mover's score in centipawns from White's side
    (None when it reported none) and returns None or (result, termination). `stop`, a
    threading.Event, abandons the game when set. A game ends by the rules (claimed draws
    included), by adjudication, or by forfeit: an illegal move, no move, or a failing engine."""
    left = []
    end = _play_to_the_end(board, seats, movetime, tc, adjudicate, stop, left)
    end.clocks = left
    return end


def _play_to_the_end(board, seats, movetime, tc, adjudicate, stop, left):
    """`play_game`'s moves; `left` gets the mover's clock after each move."""
    clocks = {chess.WHITE: tc[0], chess.BLACK: tc[0]} if tc else None
    info = chess.engine.INFO_SCORE if adjudicate else chess.engine.INFO_NONE
    game_key = object()  # a new object: python-chess sends ucinewgame to both engines
    while not board.is_game_over(claim_draw=True):
        if stop is not None and stop.is_set():
            return GameEnd("*", "abandoned", "abandoned")
        side = board.turn
        seat = seats[side]
        if clocks is None:
            limit = chess.engine.Limit(time=movetime)
        else:
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK], white_inc=tc[1], black_inc=tc[1]
            )
        watchdog = None
        expired = threading.Event()
        if clocks is not None:

            def expire(engine=seat.engine):
                expired.set()
                engine.close()

            watchdog = threading.Timer(max(clocks[side], 0.0) + GRACE_S, expire)
            watchdog.daemon = True
            watchdog.start()
        started = time.monotonic()
        termination = None
        try:
            played = seat.engine.play(board, limit, game=game_key, info=info, options=seat.options)
            move = played.move
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
            move = None
            termination = f"{seat.name} failed: {e!r}"
        finally:
            if watchdog is not None:
                watchdog.cancel()
                watchdog.join()
        if clocks is not None:
            clocks[side] -= time.monotonic() - started
            if expired.is_set():
                # Stopped by the watchdog: closed, so to be started afresh.
                termination = f"{seat.name} lost on time (stopped {GRACE_S:.0f} s after its flag fell)"
                return GameEnd(loss_for(side), termination, "time forfeit", failed=side)
            if clocks[side] < 0 and move is not None:
                over = f"{-clocks[side] * 1000:.0f} ms over"
                return GameEnd(loss_for(side), f"{seat.name} lost on time ({over})", "time forfeit")
            clocks[side] += tc[1]
        kind = "failure"
        if move is not None and move not in board.legal_moves:
            termination = f"{seat.name} played an illegal move {move.uci()} in {board.fen()}"
            kind = "illegal move"
            move = None
        if move is None:
            return GameEnd(loss_for(side), termination or f"{seat.name} returned no move", kind, failed=side)
        board.push(move)
        if clocks is not None:
            left.append(clocks[side])
        if adjudicate is not None and not board.is_game_over(claim_draw=True):
            score = played.info.get("score")
            cp = None if score is None else score.white().score(mate_score=100000)
            verdict = adjudicate(board, cp)
            if verdict is not None:
                return GameEnd(*verdict, "adjudication")
    outcome = board.outcome(claim_draw=True)
    how = outcome.termination.name.lower().replace("_", " ")
    return GameEnd(outcome.result(), how, how)


def parse_tc(text):
    """A clock's BASE+INC in seconds, e.g. "5+0.05", as (5.0, 0.05)."""
    try:
        base, inc = (float(x) for x in text.split("+"))
    except ValueError:
        raise SystemExit(f"--tc: expected BASE+INC in seconds, like 5+0.05, not {text!r}")
    if base <= 0 or inc < 0:
        raise SystemExit(f"--tc: the base must be positive and the increment not negative, not {text!r}")
    return base, inc


def points_for(result, white):
    """The points of the side that played White (white=True) or Black in a result."""
    if white:
        return {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    return {"1-0": 0.0, "0-1": 1.0}.get(result, 0.5)


def wdl_slot(points):
    """Where a side's `points` for a game count in a [wins, draws, losses] tally."""
    return 0 if points == 1.0 else 1 if points == 0.5 else 2


def pgn_record(board, headers, clocks=()):
    """The game played on `board` (from its root, a set-up position included) as PGN, with the
    given headers and the date. `clocks` (a GameEnd's) annotate the last moves with the clock
    their mover had left, as `[%clk h:mm:ss.s]`."""
    game = chess.pgn.Game.from_board(board)
    game.headers["Date"] = time.strftime("%Y.%m.%d")
    for key, value in headers.items():
        game.headers[key] = value
    moves = list(game.mainline())
    for node, seconds in zip(moves[len(moves) - len(clocks) :], clocks):
        node.set_clock(max(seconds, 0.0))
    return game


def elo_from_score(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def estimate(wins, draws, losses):
    """(score, elo difference, 95% margin) with the logistic model; the difference is +-inf
    for a perfect or a zero score, and the margin then is None."""
    n = wins + draws + losses
    if n == 0:
        return None, None, None
    score = (wins + draws / 2) / n
    if score <= 0.0 or score >= 1.0:
        return score, math.copysign(math.inf, score - 0.5), None
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(var / n)
    eps = 1e-6
    lo = min(max(score - 1.96 * se, eps), 1 - eps)
    hi = min(max(score + 1.96 * se, eps), 1 - eps)
    margin = (elo_from_score(hi) - elo_from_score(lo)) / 2
    return score, elo_from_score(score), margin


def perfect_score_bound(n):
    """For a zero (or perfect) score over n games: the Elo bound at 95% confidence, from the
    binomial probability of scoring nothing when the true score is p: (1-p)^n = 0.05."""
    p = 1 - 0.05 ** (1 / n)
    return elo_from_score(p)
