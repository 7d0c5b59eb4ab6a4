#!/usr/bin/env python3
"""Runs a terminal program in a pseudo-terminal and answers like a 120x40 terminal, so a test can
see a full-screen client's screen (Codex's TUI) as the user would: a small VT100 screen model turns
the program's output into rows of text. Usage: pty-screen.py COMMAND_JSON STEPS_JSON
STEPS: [{"until": regex, "send": keys, "timeout": seconds}, ...]: waits until the screen matches
`until`, then types `send`. Prints one JSON line per step: {"matched": bool, "screen": text}; stops
at the first step that does not match. The program is killed at the end."""
import json, os, pty, re, select, signal, struct, sys, time, fcntl, termios, unicodedata

ROWS, COLS = 40, 120


class Screen:
    def __init__(self):
        self.rows = [[' '] * COLS for _ in range(ROWS)]
        self.y = self.x = 0
        self.top, self.bottom = 0, ROWS - 1
        self.saved = (0, 0)

    def text(self):
        return '\n'.join(''.join(r).rstrip() for r in self.rows).rstrip('\n')

    def scroll_up(self, n=1):
        for _ in range(n):
            del self.rows[self.top]
            self.rows.insert(self.bottom, [' '] * COLS)

    def scroll_down(self, n=1):
        for _ in range(n):
            del self.rows[self.bottom]
            self.rows.insert(self.top, [' '] * COLS)

    def newline(self):
        if self.y == self.bottom:
            self.scroll_up()
        else:
            self.y = min(self.y + 1, ROWS - 1)

    def put(self, ch):
        width = 2 if unicodedata.east_asian_width(ch) in 'WF' else 1
        if self.x + width > COLS:
            self.x = 0
            self.newline()
        self.rows[self.y][self.x] = ch
        if width == 2 and self.x + 1 < COLS:
            self.rows[self.y][self.x + 1] = ''
        self.x += width

    def csi(self, private, params, final):
        p = [int(v) if v.isdigit() else 0 for v in params.replace(':', ';').split(';')] if params else []
        n = (p[0] if p else 0) or 1
        if private:
            return
        if final in 'Hf':
            self.y = min(max((p[0] if p else 1) or 1, 1), ROWS) - 1
            self.x = min(max((p[1] if len(p) > 1 else 1) or 1, 1), COLS) - 1
        elif final == 'A': self.y = max(self.y - n, 0)
        elif final == 'B': self.y = min(self.y + n, ROWS - 1)
        elif final == 'C': self.x = min(self.x + n, COLS - 1)
        elif final == 'D': self.x = max(self.x - n, 0)
        elif final == 'G': self.x = min(n, COLS) - 1
        elif final == 'd': self.y = min(n, ROWS) - 1
        elif final == 'J':
            mode = p[0] if p else 0
            if mode == 0:
                self.rows[self.y][self.x:] = [' '] * (COLS - self.x)
                for r in range(self.y + 1, ROWS): self.rows[r] = [' '] * COLS
            elif mode == 1:
                for r in range(self.y): self.rows[r] = [' '] * COLS
                self.rows[self.y][:self.x + 1] = [' '] * (self.x + 1)
            else:
                self.rows = [[' '] * COLS for _ in range(ROWS)]
        elif final == 'K':
            mode = p[0] if p else 0
            if mode == 0: self.rows[self.y][self.x:] = [' '] * (COLS - self.x)
            elif mode == 1: self.rows[self.y][:self.x + 1] = [' '] * (self.x + 1)
            else: self.rows[self.y] = [' '] * COLS
        elif final == 'r':
            self.top = (p[0] if p else 1) - 1 if p and p[0] else 0
            self.bottom = (p[1] if len(p) > 1 and p[1] else ROWS) - 1
            self.y, self.x = 0, 0
        elif final == 'S': self.scroll_up(n)
        elif final == 'T': self.scroll_down(n)
        elif final == 'L':
            for _ in range(n):
                del self.rows[self.bottom]
                self.rows.insert(self.y, [' '] * COLS)
        elif final == 'M':
            for _ in range(n):
                del self.rows[self.y]
                self.rows.insert(self.bottom, [' '] * COLS)
        elif final == 'X': self.rows[self.y][self.x:self.x + n] = [' '] * min(n, COLS - self.x)

    pending = ''

    def feed(self, text):
        text, self.pending = self.pending + text, ''
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == '\x1b' and len(text) - i < 64 and not re.compile(r'\x1b(\[[?>=<]?[0-9;:]*[ $"\']?[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[^\[\]])').match(text, i):
                self.pending = text[i:]  # an escape sequence cut between two reads: the rest comes next
                return
            if ch == '\x1b':
                m = re.compile(r'\x1b\[([?>=<]?)([0-9;:]*)[ $"\']?([@-~])').match(text, i)
                if m:
                    self.csi(m.group(1), m.group(2), m.group(3)); i = m.end(); continue
                m = re.compile(r'\x1b\][^\x07\x1b]*(\x07|\x1b\\)').match(text, i)
                if m: i = m.end(); continue
                nxt = text[i + 1:i + 2]
                if nxt == 'M':
                    if self.y == self.top: self.scroll_down()
                    else: self.y = max(self.y - 1, 0)
                elif nxt == '7': self.saved = (self.y, self.x)
                elif nxt == '8': self.y, self.x = self.saved
                elif nxt == 'D': self.newline()
                elif nxt == 'E': self.x = 0; self.newline()
                i += 3 if nxt in '()' else 2
                continue
            if ch == '\r': self.x = 0
            elif ch == '\n': self.newline()
            elif ch == '\b': self.x = max(self.x - 1, 0)
            elif ch == '\t': self.x = min((self.x // 8 + 1) * 8, COLS - 1)
            elif ch >= ' ' and ch != '\x7f': self.put(ch)
            i += 1


# What a terminal answers to the queries a TUI sends at start-up (cursor position, device
# attributes, keyboard protocol, colours): without answers some wait, or guess.
REPLIES = [
    (re.compile(rb'\x1b\[6n'), lambda m, s: f'\x1b[{s.y + 1};{s.x + 1}R'.encode()),
    (re.compile(rb'\x1b\[0?c'), lambda m, s: b'\x1b[?62;22c'),
    (re.compile(rb'\x1b\[\?u'), lambda m, s: b'\x1b[?0u'),
    (re.compile(rb'\x1b\](1[01]);\?(?:\x07|\x1b\\)'), lambda m, s: b'\x1b]' + m.group(1) + b';rgb:0000/0000/0000\x1b\\'),
]


def main():
    command, steps = json.loads(sys.argv[1]), json.loads(sys.argv[2])
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', ROWS, COLS, 0, 0))
    screen = Screen()
    decoder = __import__('codecs').getincrementaldecoder('utf-8')('replace')
    alive = True

    def pump(seconds):
        nonlocal alive
        end = time.time() + seconds
        while alive and time.time() < end:
            ready, _, _ = select.select([fd], [], [], min(0.05, max(end - time.time(), 0)))
            if not ready: return
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b''
            if not data:
                alive = False
                return
            for pattern, reply in REPLIES:
                for m in pattern.finditer(data): os.write(fd, reply(m, screen))
            screen.feed(decoder.decode(data))

    try:
        for step in steps:
            until = re.compile(step.get('until', '$^'), re.S)
            deadline = time.time() + step.get('timeout', 30)
            matched = False
            while alive and time.time() < deadline:
                pump(0.2)
                if until.search(screen.text()):
                    matched = True
                    break
            if matched: pump(0.3)  # let the frame finish drawing
            print(json.dumps({'matched': matched, 'screen': screen.text()}), flush=True)
            if not matched: break
            if 'send' in step: os.write(fd, step['send'].encode())
    finally:
        try: os.kill(pid, signal.SIGKILL)
        except ProcessLookupError: pass
        os.waitpid(pid, 0)


main()
