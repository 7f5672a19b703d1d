"""The console on a real (pseudo-)terminal: Ctrl-C ends it at once, at the prompt and in the
middle of a command, with status 130 and the database closed; Ctrl-D ends it on a new line."""

from __future__ import annotations

import os
import pty
import select
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.serial  # processes waited for: alone (make test)

#: Generous, so that a slow machine can't fail it: the console ends well within it.
WAIT_S = 10.0
#: Starting a Python with discord.py and migrating takes a while on a loaded machine.
OUTPUT_WAIT_S = 90.0

#: In the child: creating a sheet writes its row, says so and then never finishes, so a
#: Ctrl-C lands in the middle of a command with its transaction open.
STUCK_SAVE = """
import asyncio
from bot.storage.repositories import CharacterRepository
create = CharacterRepository.create
async def stuck(self, *args, **kwargs):
    await create(self, *args, **kwargs)
    print("GUARDANDO", flush=True)
    await asyncio.Event().wait()
CharacterRepository.create = stuck
"""


class Terminal:
    def __init__(self, db: Path, prelude: str = "") -> None:
        code = prelude + "import sys\nfrom bot.__main__ import main\nsys.exit(main())\n"
        argv = [sys.executable, "-c", code, "consola", "--db", str(db)]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the pty is its controlling terminal
            os.execv(sys.executable, argv)
        self.output = b""

    def read_until(self, marker: bytes, times: int = 1, after: bytes = b"") -> None:
        """Until ``marker`` has come ``times`` times, followed by ``after`` (the prompt
        after the reply)."""
        deadline = time.monotonic() + OUTPUT_WAIT_S
        while not self._seen(marker, times, after):
            assert time.monotonic() < deadline, self.output.decode(errors="replace")
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.fd, 4096)
                except OSError:  # the child is gone
                    break
        assert self._seen(marker, times, after), self.output.decode(errors="replace")

    def _seen(self, marker: bytes, times: int, after: bytes) -> bool:
        parts = self.output.split(marker)
        return len(parts) > times and after in parts[times]

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def exit_status(self) -> int:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._drain()
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self._drain()
            time.sleep(0.05)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise AssertionError("the console did not end: " + self.output.decode(errors="replace"))

    def _drain(self) -> None:
        while select.select([self.fd], [], [], 0)[0]:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk


def closed_cleanly(db: Path) -> bool:
    """The last connection closed: SQLite folded the WAL back into the file and removed it."""
    return db.exists() and not Path(f"{db}-wal").exists() and not Path(f"{db}-shm").exists()


def test_ctrl_c_at_the_prompt_ends_the_console(tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    term = Terminal(db)
    term.read_until(b"master en #mesa> ")
    term.send(b"/tirar expresion:2d6\n")
    term.read_until(b"Umbral")
    term.read_until(b"master en #mesa> ")
    term.send(b"\x03")
    assert term.exit_status() == 130
    assert closed_cleanly(db)


def test_ctrl_c_in_the_middle_of_a_command_ends_the_console(tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    term = Terminal(db, STUCK_SAVE)
    term.read_until(b"master en #mesa> ")
    term.send(b"@kaeda\n")
    term.read_until(b"kaeda en #mesa> ")
    term.send(b"/ficha crear nombre:Kaeda vigor:3 destreza:3 percepcion:1 voluntad:1")
    term.send(b" proteccion:1\n")
    term.read_until(b"GUARDANDO")
    term.send(b"\x03")
    assert term.exit_status() == 130
    assert closed_cleanly(db)
    with sqlite3.connect(db) as conn:  # the interrupted command saved nothing
        assert conn.execute("SELECT count(*) FROM characters").fetchone() == (0,)


def test_ctrl_d_ends_the_console_on_a_line_of_its_own(tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    term = Terminal(db)
    term.read_until(b"master en #mesa> ")
    term.send(b"\x04")
    assert term.exit_status() == 0
    assert term.output.endswith(b"master en #mesa> \r\n")
    assert closed_cleanly(db)


def test_sigterm_at_the_prompt_ends_the_console(tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    term = Terminal(db)
    term.read_until(b"master en #mesa> ")
    os.kill(term.pid, signal.SIGTERM)
    assert term.exit_status() == 143
    assert closed_cleanly(db)


def test_the_arrows_edit_the_line_and_bring_back_the_last_one(tmp_path: Path) -> None:
    """Issue 31: on a terminal the console reads through readline: Left moves in the line
    (here, to type the «1» of «1d6» after the rest), Up brings back the line before, and
    neither prints ``^[[A``."""
    db = tmp_path / "umbral.db"
    term = Terminal(db)
    term.read_until(b"master en #mesa> ")
    term.send(b"/tirar expresion:d6" + b"\x1b[D" * 2 + b"1\n")
    term.read_until(b"`1d6` = ")
    term.read_until(b"`1d6` = ", 1, after=b"master en #mesa> ")
    term.send(b"\x1b[A\n")  # Up: the same line again
    term.read_until(b"`1d6` = ", 2, after=b"master en #mesa> ")
    assert b"^[[A" not in term.output and b"^[[D" not in term.output
    term.send(b"\x04")
    assert term.exit_status() == 0
    assert closed_cleanly(db)
