#!/usr/bin/env python3
"""Connects standard input and output to a UCI engine behind a Unix socket: the test VM's second
serial port, where `kchess uci --tty /dev/ttyS1` speaks for the kernel's board.

    python3 tools/elo/serial_bridge.py SOCKET [--connect-timeout S]

A UCI engine command for python-chess or a match runner (`uci_live.py --command "python3
tools/elo/serial_bridge.py build/qemu/serial.log.uci.sock"`). The engine on the other side
serves one GUI after another on the same line, so each session ends with `quit`: forwarded
when the GUI sends it (after an `isready` answered, so that nothing sent before is lost; the
bridge then exits), sent by the bridge itself when the GUI's input ends without one. Exits 1 when the socket does not answer within the timeout, or closes.
"""

import argparse
import os
import selectors
import socket
import sys
import time


def connect(path, timeout):
    deadline = time.monotonic() + timeout
    while True:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(path)
            return s
        except OSError as e:
            s.close()
            if time.monotonic() >= deadline:
                sys.exit(f"serial_bridge: cannot connect to {path}: {e}")
            time.sleep(0.1)


def end_session(sock, timeout=30.0, linger=1.0):
    """Ends the engine's session without losing what was sent: `isready`, and `readyok` back
    (every earlier command has reached the engine and been handled), then `quit`, and the
    socket kept open a moment. QEMU drops what it has not yet passed to a slow guest when the
    socket closes, and a lost `quit` would leave the session open for the next GUI."""
    sock.sendall(b"isready\n")
    deadline = time.monotonic() + timeout
    seen = b""
    sock.settimeout(0.2)
    while b"readyok" not in seen and time.monotonic() < deadline:
        try:
            data = sock.recv(4096)
        except socket.timeout:
            continue
        if not data:
            return
        seen = (seen + data)[-64:]
    sock.sendall(b"quit\n")
    time.sleep(linger)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("socket")
    ap.add_argument("--connect-timeout", type=float, default=30.0)
    args = ap.parse_args()

    sock = connect(args.socket, args.connect_timeout)
    stdin = sys.stdin.fileno()
    stdout = sys.stdout.fileno()
    sel = selectors.DefaultSelector()
    sel.register(stdin, selectors.EVENT_READ)
    sel.register(sock, selectors.EVENT_READ)
    pending = b""  # GUI input not yet forwarded: only whole lines go out
    while True:
        for key, _ in sel.select():
            if key.fileobj == stdin:
                data = os.read(stdin, 4096)
                if not data:
                    # The GUI is gone without a quit: end the session for the next one.
                    end_session(sock)
                    return 0
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    if line.strip() == b"quit":
                        end_session(sock)
                        return 0
                    sock.sendall(line + b"\n")
            else:
                data = sock.recv(4096)
                if not data:
                    print("serial_bridge: the engine's socket closed", file=sys.stderr)
                    return 1
                while data:
                    data = data[os.write(stdout, data):]


if __name__ == "__main__":
    sys.exit(main())
