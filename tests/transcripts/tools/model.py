#!/usr/bin/env python3
"""Reference model of the kchess protocol (PROTOCOL.md) built on python-chess,
used only to cross-check the expected replies written in the transcripts.

  model.py check FILE...   run each transcript against the model (several CPU seeds)
  model.py fill FILE       replace every `< @` line by the model's reply (for 01/06/08 dumps)

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
KNOWN = {'%02d' % i for i in range(13)}


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
FEN_BOARD_RE = re.compile(r'^[pnbrqkPNBRQK1-8]+(/[pnbrqkPNBRQK1-8]+){7}$')


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
    if b.status() != chess.STATUS_VALID:
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
        if a:
            return 'INVFMT'
        g = self.game
        if g is None or g.over:
            return 'NOGAME'
        if g.mode != 'H' and g.human_to_move():
            return 'OOT'
        moves = list(g.board.legal_moves)
        if len(moves) > 1:
            self.multi_cpu = True
        g.board.push(self.rng.choice(moves))
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


if __name__ == '__main__':
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
