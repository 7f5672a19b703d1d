"""What a Ctrl-C that cuts a command in the console says about the database (issue 43).

A command's writes are one transaction (or several, each whole): a cut rolls back the one
in flight. So the console can say «no se ha guardado nada» exactly when no transaction that
wrote something began to commit during the command; otherwise part (or all) of it may be
saved, each transaction whole. :class:`Writes` counts those transactions on the engine.
"""

from __future__ import annotations

from typing import Any

from bot.storage.database import listen

WRITES = ("insert", "update", "delete", "replace", "upsert", "merge")


class Writes:
    """Transactions that wrote and began to commit on ``engine`` (an ``AsyncEngine``)."""

    def __init__(self, engine: Any) -> None:
        self.count = 0
        # the connections (by identity) whose transaction has written: kept here, not in
        # ``conn.info``, which a connection a cut left invalid refuses to show on rollback
        self._wrote: set[int] = set()
        listen(engine, "before_cursor_execute", self._statement)
        listen(engine, "commit", self._commit)
        listen(engine, "rollback", self._rollback)

    def _statement(self, conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().lower().startswith(WRITES):
            self._wrote.add(id(conn))

    def _commit(self, conn: Any) -> None:
        if id(conn) in self._wrote:
            self._wrote.discard(id(conn))
            self.count += 1

    def _rollback(self, conn: Any) -> None:
        self._wrote.discard(id(conn))


def cut_line(command: str, wrote: int) -> str:
    """The console's line for ``command`` cut by Ctrl-C after ``wrote`` committing writes."""
    if wrote == 0:
        return f"(consola) Cortado a mitad de {command}: no se ha guardado nada."
    return (
        f"(consola) Cortado a mitad de {command}, cuando ya guardaba: lo guardado queda "
        "entero, nunca a medias (míralo antes de repetirlo)."
    )
