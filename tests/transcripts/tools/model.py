#!/usr/bin/env python3
"""Reference model of the kchess protocol (PROTOCOL.md) built on python-chess,
used only to cross-check the expected replies written in the transcripts.

  model.py check FILE...   run each transcript against the model (several CPU seeds)
  model.py fill FILE       replace every `< @` line by the model's reply (for 01/06/08 dumps)
  model.py loads TARGET N SEED
                           send N random records (09 W, then 06) to the command line TARGET
                           (e.g. target/release/chess-sim) and to the model; report differences

The model encodes the decisions listed at the top of open-questions.txt.
Where the model must choose a CPU move with more than one legal move it picks
at random; `check` runs every file with several seeds so a transcript that
depends on the CPU's choice fails.
"""
import random
import re
import sys

import chess

PIECE = {chess.KING: 'K', chess.QUEEN: 'Q', chess.ROOK: 'R',
         chess.BISHOP: 'B', chess.KNIGHT: 'N', chess.PAWN: 'P'}
LETTER = {v: k for k, v in PIECE.items()}
KNOWN = {'%02d' % i for i in range(15)}


def col(c):
    return 'W' if c == chess.WHITE else 'B'


def pc(p):
    return col(p.color) + PIECE[p.piece_type]


def move_text(board, m):
    p = board.piece_at(m.from_square)
    s = pc(p) + chess.square_name(m.from_square) + '-' + chess.square_name(m.to_square)
    if board.is_en_passant(m):
        s += 'x' + col(not p.color) + 'P'
    elif board.piece_at(m.to_square) is not None:
        s += 'x' + pc(board.piece_at(m.to_square))
    if m.promotion:
        s += 'y' + col(p.color) + PIECE[m.promotion]
    return s


def dump(board):
    out = ''
    for sq in chess.SQUARES:
        p = board.piece_at(sq)
        out += pc(p) if p else '**'
    return out


MOVE_RE = re.compile(r'^([WB])([KQRBNP])([a-h][1-8])-([a-h][1-8])'
                     r'(?:x([WB])([KQRBNP]))?(?:y([WB])([KQRBNP]))?$')
LIMIT_RE = re.compile(r'^([TDN])([0-9]+)$')
SETTING_RE = re.compile(r'^([LVSP])([0-9]+)$')
FEN_BOARD_RE = re.compile(r'^[pnbrqkPNBRQK1-8]+(/[pnbrqkPNBRQK1-8]+){7}$')


# ------------------------------------------------------------ legal positions
# 09 refuses what python-chess's Board.status() flags, and beyond it what the core refuses too
# (docs/PROTOCOL.md, "FEN and records"): more promoted pieces than missing pawns, a check
# that the double step an en passant square records cannot have given, and two checkers that
# no last move can have given check together.

SLIDERS = (chess.BISHOP, chess.ROOK, chess.QUEEN)


def promoted_pieces(b, color):
    """Pieces beyond one queen, two rooks, two knights and one bishop per square colour."""
    def n(kind, mask=chess.BB_ALL):
        return len(b.pieces(kind, color) & chess.SquareSet(mask))
    return (max(0, n(chess.QUEEN) - 1) + max(0, n(chess.ROOK) - 2)
            + max(0, n(chess.KNIGHT) - 2)
            + max(0, n(chess.BISHOP, chess.BB_DARK_SQUARES) - 1)
            + max(0, n(chess.BISHOP, chess.BB_LIGHT_SQUARES) - 1))


def attacks_of(kind, color, sq, occ):
    """The squares a piece of this kind and colour on sq attacks."""
    if kind == chess.PAWN:
        return chess.BB_PAWN_ATTACKS[color][sq]
    if kind == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[sq]
    if kind == chess.KING:
        return chess.BB_KING_ATTACKS[sq]
    bb = 0
    if kind in (chess.BISHOP, chess.QUEEN):
        bb |= chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occ]
    if kind in (chess.ROOK, chess.QUEEN):
        bb |= chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occ]
        bb |= chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occ]
    return bb


def pawn_reach(color, sq):
    """Where a pawn on sq can step or capture to (the double step never gives double check)."""
    to = sq + (8 if color == chess.WHITE else -8)
    push = chess.BB_SQUARES[to] if 0 <= to < 64 else 0
    return push | chess.BB_PAWN_ATTACKS[color][sq]


def uncovered_by_move(b, king, mover, slider):
    """The piece on mover came from a square between slider and king (by a move of its kind,
    or as a pawn promoting on arrival) where it did not give check itself."""
    p = b.piece_at(mover)
    if b.piece_type_at(slider) not in SLIDERS:
        return False
    occ = b.occupied
    last_rank = chess.BB_RANK_8 if p.color == chess.WHITE else chess.BB_RANK_1
    may_have_promoted = (chess.BB_SQUARES[mover] & last_rank
                         and p.piece_type not in (chess.PAWN, chess.KING))
    for frm in chess.SquareSet(chess.between(slider, king)):
        if p.piece_type == chess.PAWN:
            reach = pawn_reach(p.color, frm)
        else:
            reach = attacks_of(p.piece_type, p.color, frm, occ)
        if (reach & chess.BB_SQUARES[mover]
                and not attacks_of(p.piece_type, p.color, frm, occ) & chess.BB_SQUARES[king]):
            return True
        if (may_have_promoted and pawn_reach(p.color, frm) & chess.BB_SQUARES[mover]
                and not chess.BB_PAWN_ATTACKS[p.color][frm] & chess.BB_SQUARES[king]):
            return True
    return False


def uncovered_by_en_passant(b, king, x, y):
    """x and y are sliders whose lines to the king run through the capturing pawn's origin
    and the captured pawn's square of an en passant capture."""
    if b.piece_type_at(x) not in SLIDERS or b.piece_type_at(y) not in SLIDERS:
        return False
    color = b.color_at(x)
    landing, captured_rank = (5, 4) if color == chess.WHITE else (2, 3)
    lx, ly = chess.between(x, king), chess.between(y, king)
    for to in b.pieces(chess.PAWN, color):
        if chess.square_rank(to) != landing:
            continue
        captured = chess.BB_SQUARES[chess.square(chess.square_file(to), captured_rank)]
        for frm in chess.SquareSet(chess.BB_PAWN_ATTACKS[not color][to]):
            f = chess.BB_SQUARES[frm]
            if ((lx & f and ly & captured) or (ly & f and lx & captured)) and \
                    not chess.BB_PAWN_ATTACKS[color][frm] & chess.BB_SQUARES[king]:
                return True
    return False


def attacked_before_double_step(b):
    """The side to move would be in check with the pawn that made the double step recorded by
    the en passant square back on its origin square."""
    before = b.copy(stack=False)
    them = not b.turn
    step = 8 if them == chess.WHITE else -8
    moved, origin = b.ep_square + step, b.ep_square - step
    before.remove_piece_at(moved)
    before.set_piece_at(origin, chess.Piece(chess.PAWN, them))
    return before.is_attacked_by(them, before.king(b.turn))


def legal_position(b):
    if b.status() != chess.STATUS_VALID:
        return False
    for color in chess.COLORS:
        if promoted_pieces(b, color) > 8 - len(b.pieces(chess.PAWN, color)):
            return False
    checkers = list(b.checkers())
    if b.ep_square is not None and checkers and attacked_before_double_step(b):
        return False
    if len(checkers) == 2:
        king, (x, y) = b.king(b.turn), checkers
        if not (uncovered_by_move(b, king, x, y) or uncovered_by_move(b, king, y, x)
                or uncovered_by_en_passant(b, king, x, y)):
            return False
    return True


def parse_fen(fields):
    """Strict FEN parser: six fields; returns a chess.Board or None."""
    if len(fields) != 6:
        return None
    pl, side, castle, ep, half, full = fields
    if not FEN_BOARD_RE.match(pl):
        return None
    for rank in pl.split('/'):
        n = 0
        prev_digit = False
        for ch in rank:
            if ch.isdigit():
                if prev_digit:
                    return None
                n += int(ch)
                prev_digit = True
            else:
                n += 1
                prev_digit = False
        if n != 8:
            return None
    if side not in ('w', 'b'):
        return None
    if castle != '-' and not re.match(r'^K?Q?k?q?$', castle) or castle == '':
        return None
    if ep != '-' and not re.match(r'^[a-h][36]$', ep):
        return None
    # Plain decimal (no sign, no leading zero), 0..9999 and 1..9999.
    if not re.match(r'^(0|[1-9][0-9]{0,3})$', half) or not re.match(r'^[1-9][0-9]{0,3}$', full):
        return None
    try:
        b = chess.Board(' '.join(fields))
    except ValueError:
        return None
    # python-chess quietly drops a right whose side has no rook on its back rank.
    for letter in castle.strip('-'):
        color = chess.WHITE if letter.isupper() else chess.BLACK
        king, rook = {'k': (chess.E1, chess.H1), 'q': (chess.E1, chess.A1)}[letter.lower()]
        if color == chess.BLACK:
            king, rook = chess.square_mirror(king), chess.square_mirror(rook)
        if b.piece_at(king) != chess.Piece(chess.KING, color) or \
                b.piece_at(rook) != chess.Piece(chess.ROOK, color):
            return None
    if not legal_position(b):
        return None
    return b


def fen_of(board):
    """The FEN 06/08 write: clocks are written at most 9999 (a game loaded near that bound
    counts further, and every record must load again)."""
    fields = board.fen().split(' ')
    fields[4:6] = [str(min(int(n), 9999)) for n in fields[4:6]]
    return ' '.join(fields)


class Game:
    def __init__(self, board, mode):
        self.board = board
        self.mode = mode          # 'W', 'B' or 'H'
        self.over = False
        self.resigned = False
        self.searched = False     # a CPU move ran since the game began (13 is then unknown)

    def human_to_move(self):
        return self.mode == 'H' or col(self.board.turn) == self.mode


class Model:
    def __init__(self, seed=0):
        self.game = None
        self.rng = random.Random(seed)
        self.multi_cpu = False

    def result(self):
        b = self.game.board
        if b.is_checkmate():
            self.game.over = True
            return 'MATE'
        if b.is_stalemate():
            self.game.over = True
            return 'STALEMATE'
        if b.is_insufficient_material() or b.halfmove_clock >= 100 or b.is_repetition(3):
            self.game.over = True
            return 'DRAW'
        return 'CHECK' if b.is_check() else 'OK'

    def write(self, data: bytes) -> bytes:
        return (self._write(data) + '\n').encode('latin-1')

    def _write(self, data):
        if len(data) > 256:
            return 'INVFMT'
        text = data.decode('latin-1')
        stripped = text.lstrip(' ')
        tok = re.split(r'[ \r\n]', stripped, maxsplit=1)[0]
        if tok not in KNOWN:
            return 'UNKCMD'
        # framing: exactly one line ending in a single \n, no \r, ASCII printable, single spaces
        if not text.endswith('\n') or text.count('\n') != 1:
            return 'INVFMT'
        line = text[:-1]
        if any(not (0x20 < ord(ch) < 0x7f or ch == ' ') for ch in line):
            return 'INVFMT'
        if line != line.strip(' ') or '  ' in line:
            return 'INVFMT'
        f = line.split(' ')
        cmd, args = f[0], f[1:]
        return getattr(self, 'c' + cmd)(args)

    # helpers
    def need_game(self):
        return self.game is None

    def c00(self, a):
        if len(a) != 1 or a[0] not in ('W', 'B', 'H'):
            return 'INVFMT'
        self.game = Game(chess.Board(), a[0])
        return 'OK'

    def c01(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        return dump(self.game.board)

    def c02(self, a):
        if len(a) != 1 or len(a[0]) not in (7, 10, 13):
            return 'INVFMT'
        m = MOVE_RE.match(a[0])
        if not m:
            return 'INVFMT'
        g = self.game
        if g is None or g.over:
            return 'NOGAME'
        if not g.human_to_move():
            return 'OOT'
        b = g.board
        c, p, fr, to, xc, xp, yc, yp = m.groups()
        fsq, tsq = chess.parse_square(fr), chess.parse_square(to)
        piece = b.piece_at(fsq)
        if piece is None or pc(piece) != c + p or piece.color != b.turn:
            return 'ILLMOVE'
        promo = None
        if yc is not None:
            if yc != c or yp not in 'QRBN':
                return 'ILLMOVE'
            promo = LETTER[yp]
        if p == 'K' and chess.square_distance(fsq, tsq) > 1 and \
                (abs(fsq - tsq) != 2 or chess.square_rank(fsq) != chess.square_rank(tsq)):
            return 'ILLMOVE'    # python-chess would read e1h1 as castling
        mv = chess.Move(fsq, tsq, promotion=promo)
        if not b.is_legal(mv):
            return 'ILLMOVE'
        if move_text(b, mv) != a[0]:      # capture declaration must match exactly
            return 'ILLMOVE'
        b.push(mv)
        return self.result()

    def c03(self, a):
        # `03 MOVE...`: 1 to 31 moves, single spaces, each well formed; the CPU picks one.
        if a and (len(a) > 31 or not all(MOVE_RE.match(t) for t in a)):
            return 'INVFMT'
        g = self.game
        if g is None or g.over:
            return 'NOGAME'
        if g.mode != 'H' and g.human_to_move():
            return 'OOT'
        moves = list(g.board.legal_moves)
        if a:
            named = {move_text(g.board, m): m for m in moves}
            if not all(t in named for t in a):
                return 'ILLMOVE'
            moves = [named[t] for t in dict.fromkeys(a)]
        if len(moves) > 1:
            self.multi_cpu = True
        g.board.push(self.rng.choice(moves))
        g.searched = True
        return self.result()

    def c04(self, a):
        if a:
            return 'INVFMT'
        g = self.game
        if g is None or g.over:
            return 'NOGAME'
        if not g.human_to_move():
            return 'OOT'
        g.over = True
        g.resigned = True
        return 'OK'

    def c05(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        b = self.game.board.root()
        out = []
        for mv in self.game.board.move_stack:
            out.append(move_text(b, mv))
            b.push(mv)
        return ' '.join(out)

    def c06(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        return fen_of(self.game.board)

    def c07(self, a):
        if len(a) != 1:
            return 'INVFMT'
        if a[0] in ('I', 'L'):
            return 'OK'
        m = SETTING_RE.match(a[0])
        if m:
            k, v = m.group(1), int(m.group(2))
            if len(m.group(2)) > 16 or (len(m.group(2)) > 1 and m.group(2)[0] == '0'):
                return 'INVFMT'
            ok = {'L': 800 <= v <= 2400, 'V': v <= 100, 'S': True, 'P': 1 <= v <= 8}[k]
            return 'OK' if ok else 'INVFMT'
        m = LIMIT_RE.match(a[0])
        if not m:
            return 'INVFMT'
        k, v = m.group(1), int(m.group(2))
        if m.group(2)[0] == '0':
            return 'INVFMT'
        if k == 'T' and not 1 <= v <= 60000:
            return 'INVFMT'
        if k == 'D' and not 1 <= v <= 64:
            return 'INVFMT'
        if k == 'N' and not 1 <= v:
            return 'INVFMT'
        return 'OK'

    def c08(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        return self.game.mode + ' ' + fen_of(self.game.board)

    def c09(self, a):
        if len(a) != 7 or a[0] not in ('W', 'B', 'H'):
            return 'INVFMT'
        b = parse_fen(a[1:])
        if b is None:
            return 'INVFMT'
        self.game = Game(b, a[0])
        return 'OK'

    def c10(self, a):
        if a:
            return 'INVFMT'
        g = self.game
        if g is None:
            return 'NOGAME'
        if not g.board.move_stack:
            return 'ILLMOVE'
        g.board.pop()
        g.over = False
        g.resigned = False
        return 'OK'

    def c11(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        b = self.game.board
        ms = sorted(move_text(b, m) for m in b.legal_moves)
        if len(ms) > 1:
            print('  warning: 11 with %d legal moves (order unspecified)' % len(ms))
        return ' '.join(ms)

    def c12(self, a):
        if len(a) != 1 or not re.match(r'^[1-7]$', a[0]):
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        key = (self.game.board.fen(), int(a[0]))
        if key not in PERFT_CACHE:
            PERFT_CACHE[key] = perft(self.game.board.copy(), int(a[0]))
        return str(PERFT_CACHE[key])

    def c13(self, a):
        if a:
            return 'INVFMT'
        if self.game is None:
            return 'NOGAME'
        if self.game.searched:
            raise ValueError('13 after a CPU move depends on the search: not modelled')
        return ''

    def c14(self, a):
        # Nothing is searching while a transcript's command is answered: stop is a no-op.
        return 'INVFMT' if a else 'OK'


PERFT_CACHE = {}


def perft(b, d):
    if d == 1:
        return b.legal_moves.count()
    n = 0
    for m in b.legal_moves:
        b.push(m)
        n += perft(b, d - 1)
        b.pop()
    return n


# ---------------------------------------------------------------- transcripts
ESC_RE = re.compile(r'\\(\\|n|r|t|x([0-9A-Fa-f]{2})|\((\d+)\*(.)\))')


def unescape(s):
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == '\\':
            m = ESC_RE.match(s, i)
            if not m:
                raise ValueError('bad escape in %r' % s)
            e = m.group(1)
            if e == '\\':
                out += b'\\'
            elif e == 'n':
                out += b'\n'
            elif e == 'r':
                out += b'\r'
            elif e == 't':
                out += b'\t'
            elif e.startswith('x'):
                out.append(int(m.group(2), 16))
            else:
                out += m.group(4).encode('latin-1') * int(m.group(3))
            i = m.end()
        else:
            out += s[i].encode('latin-1')
            i += 1
    return bytes(out)


def parse(path):
    """Yields (lineno, kind, bytes) with kind in '>', '>!', '<', '<<'."""
    for n, raw in enumerate(open(path, encoding='latin-1').read().split('\n'), 1):
        if raw.startswith('#') or raw.strip() == '':
            continue
        for pre, kind in (('>! ', '>!'), ('>!', '>!'), ('> ', '>'), ('>', '>'),
                          ('<< ', '<<'), ('< ', '<'), ('<', '<')):
            if raw.startswith(pre) and (pre.endswith(' ') or raw == pre):
                yield n, kind, raw[len(pre):]
                break
        else:
            raise ValueError('%s:%d: bad line %r' % (path, n, raw))


def run(path, seed, fill=False):
    m = Model(seed)
    errors = 0
    pending = None
    ncmd = 0
    lines = open(path, encoding='latin-1').read().split('\n')
    for n, kind, text in parse(path):
        if kind in ('>', '>!'):
            if pending is not None:
                print('%s:%d: write without reply line' % (path, pending[0]))
                errors += 1
            data = unescape(text) + (b'\n' if kind == '>' else b'')
            pending = (n, m.write(data))
            ncmd += 1
        else:
            if pending is None:
                print('%s:%d: reply without write' % (path, n))
                errors += 1
                continue
            got = pending[1]
            if kind == '<' and text == '@' and fill:
                lines[n - 1] = '< ' + got[:-1].decode('latin-1')
            elif kind == '<<':
                if len(got) != int(text):
                    print('%s:%d: length %d != %s' % (path, n, len(got), text))
                    errors += 1
            else:
                want = unescape(text) + b'\n'
                if got != want:
                    print('%s:%d: seed %d: expected %r got %r' % (path, n, seed, want, got))
                    errors += 1
            pending = None
    if pending is not None:
        print('%s:%d: write without reply line' % (path, pending[0]))
        errors += 1
    if fill:
        open(path, 'w', encoding='latin-1').write('\n'.join(lines))
    return errors, ncmd


# ------------------------------------------------------------ random records against a target
def random_board(rng):
    """A random placement: two kings and some pieces anywhere (a pawn rarely on a back rank)."""
    b = chess.Board(None)
    for color in chess.COLORS:
        b.set_piece_at(rng.choice([s for s in chess.SQUARES if not b.piece_at(s)]),
                       chess.Piece(chess.KING, color))
    for _ in range(rng.choice([2, 4, 8, 16, 30])):
        kind = rng.choice([chess.PAWN] * 3 + [chess.KNIGHT, chess.BISHOP, chess.ROOK,
                                               chess.QUEEN])
        free = [s for s in chess.SQUARES if not b.piece_at(s)
                and (kind != chess.PAWN or rng.random() < 0.02 or 8 <= s < 56)]
        b.set_piece_at(rng.choice(free), chess.Piece(kind, rng.random() < 0.5))
    b.turn = rng.random() < 0.5
    return b


def checked_board(rng):
    """A few pieces, then two or three of the side not to move put where they check."""
    b = chess.Board(None)
    b.turn = rng.random() < 0.5
    king = rng.choice(chess.SQUARES)
    b.set_piece_at(king, chess.Piece(chess.KING, b.turn))
    for _ in range(rng.randrange(0, 6)):
        sq = rng.choice([s for s in chess.SQUARES if not b.piece_at(s)])
        kind = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        if kind != chess.PAWN or 8 <= sq < 56:
            b.set_piece_at(sq, chess.Piece(kind, rng.random() < 0.5))
    for _ in range(rng.choice([2, 2, 2, 3])):
        kind = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        spots = [s for s in chess.SQUARES if not b.piece_at(s)
                 and (kind != chess.PAWN or 8 <= s < 56)
                 and attacks_of(kind, not b.turn, s, b.occupied) & chess.BB_SQUARES[king]]
        if spots:
            b.set_piece_at(rng.choice(spots), chess.Piece(kind, not b.turn))
    free = [s for s in chess.SQUARES if not b.piece_at(s)]
    b.set_piece_at(rng.choice(free), chess.Piece(chess.KING, not b.turn))
    return b


def played_board(rng):
    """A random playout's position with a few pieces moved, added or removed."""
    b = chess.Board()
    for _ in range(rng.randrange(0, 120)):
        moves = list(b.legal_moves)
        if not moves:
            break
        b.push(rng.choice(moves))
    b = b.copy(stack=False)
    for _ in range(rng.randrange(0, 4)):
        occupied = [s for s in chess.SQUARES if b.piece_at(s)]
        src, dst = rng.choice(occupied), rng.choice(chess.SQUARES)
        p = b.piece_at(src)
        if rng.random() < 0.3 and p.piece_type != chess.KING:
            b.remove_piece_at(src)
        elif rng.random() < 0.5 and not b.piece_at(dst):
            b.set_piece_at(dst, chess.Piece(rng.choice(range(1, 6)), rng.random() < 0.5))
        elif p.piece_type != chess.KING or not b.piece_at(dst):
            b.remove_piece_at(src)
            b.set_piece_at(dst, p)
    return b


def random_record(rng):
    """A random six-field record, mostly well formed and often in check: see the boards above.
    An en passant square, when there is one, usually names a pawn that could have just made a
    double step."""
    b = rng.choice([random_board, checked_board, played_board])(rng)
    fields = b.fen(en_passant='fen').split(' ')
    fields[2] = rng.choice(['-'] * 4 + ['KQkq', 'K', 'q'] + [fields[2]] * 4)
    if rng.random() < 0.4:
        pawns = [s for s in b.pieces(chess.PAWN, not b.turn)
                 if chess.square_rank(s) == (4 if b.turn else 3)]
        if pawns and rng.random() < 0.8:
            pawn = rng.choice(pawns)
            step = -8 if b.turn else 8
            for sq in (pawn + step, pawn + 2 * step):
                b.remove_piece_at(sq)
            fields[0] = b.board_fen()
            fields[3] = chess.square_name(pawn + step)
        else:
            fields[3] = chess.square_name(chess.square(rng.randrange(8), 5 if b.turn else 2))
    fields[4] = rng.choice(['0'] * 20 + ['7', '99', '9999', '10000', '07'])
    fields[5] = rng.choice(['1'] * 20 + ['42', '9999', '10000', '0', '01'])
    return ' '.join(fields)


def loads(target, count, seed):
    """Sends `09 W RECORD` then `06` for random records to target (a command line that reads
    commands on stdin, e.g. chess-sim) and to the model; prints every reply that differs."""
    import subprocess
    rng = random.Random(seed)
    cmds = []
    for _ in range(count):
        cmds += ['09 W ' + random_record(rng), '06']
    got = subprocess.run(target, shell=True, input=''.join(c + '\n' for c in cmds).encode(),
                         stdout=subprocess.PIPE, check=True).stdout.decode().split('\n')
    m = Model()
    differ = ok = checks = double = 0
    for cmd, reply in zip(cmds, got):
        want = m.write((cmd + '\n').encode()).decode()[:-1]
        if reply != want:
            differ += 1
            if differ <= 10:
                print('%s: target %r, model %r' % (cmd, reply, want))
        if cmd.startswith('09') and want == 'OK':
            ok += 1
            n = len(m.game.board.checkers())
            checks += n > 0
            double += n == 2
    print('%d records, %d loaded (%d in check, %d in double check), %d replies differ'
          % (count, ok, checks, double, differ))
    return differ


if __name__ == '__main__':
    if sys.argv[1] == 'loads':
        sys.exit(1 if loads(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])) else 0)
    mode, files = sys.argv[1], sys.argv[2:]
    total = 0
    cmds = 0
    for f in files:
        if mode == 'fill':
            run(f, 0, fill=True)
            continue
        uses_cpu = any(k.startswith('>') and unescape(t).startswith(b'03')
                       for _, k, t in parse(f))
        for seed in range(8 if uses_cpu else 1):
            e, n = run(f, seed)
            total += e
            if e:
                break
        cmds += n
    if mode == 'check':
        print('%d files, %d commands, %d errors' % (len(files), cmds, total))
        sys.exit(1 if total else 0)
