"""A GTP engine (moku, GNU Go) as a child process, for the measurement
scripts beside this file: `from gtp_engine import GtpEngine, Stopped`."""

import os
import subprocess


class Stopped(RuntimeError):
    """The engine exited in the middle of a command."""


class GtpEngine:
    """The program `args` speaking GTP on its stdin and stdout."""

    def __init__(self, args):
        self.args = args
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            self.args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def restart(self):
        """A new engine in place of this one (an empty board)."""
        self.proc.kill()
        self.proc.wait()
        self.start()

    def ask(self, command):
        """The answer to `command`: its text after the `=`, lines joined.
        Raises RuntimeError with the engine's words for a `?` answer, and
        Stopped when the engine exits before answering."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                name = os.path.basename(self.args[0])
                raise Stopped(f"{name} stopped after {command!r}")
            if line.strip() == "":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{command!r}: {text}")
        return text[1:].strip()

    def close(self):
        """Asks the engine to quit and waits for it."""
        try:
            self.ask("quit")
        except Exception:
            pass
        self.proc.wait()
