"""The files the bot attaches (the board's picture of ``/mapa``), written where the reader
can open them: the console prints each one's path under its message.

The folder is ``--adjuntos CARPETA``; by default ``<base>-adjuntos/`` beside a SQLite file
(``./umbral-adjuntos/`` for ``./umbral.db``), or ``umbral-adjuntos/`` in the system's
temporary folder for ``:memory:``, ``--nueva`` and PostgreSQL. It is made with the first file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.console.messages import Event
from bot.storage.database import database_of
from bot.storage.engine import is_sqlite

FOLDER_SUFFIX = "-adjuntos"


def default_folder(url: str | None, fresh: bool) -> Path:
    """Where the attachments go when ``--adjuntos`` does not say (``url``: the database)."""
    if url is not None and not fresh:
        database = database_of(url)
        in_file = database not in ("", ":memory:") and not database.startswith("file:")
        if is_sqlite(url) and in_file:
            path = Path(database)
            return path.with_name(path.stem + FOLDER_SUFFIX)
    return Path(tempfile.gettempdir()) / ("umbral" + FOLDER_SUFFIX)


class Attachments:
    """Writes the files of each message the console prints into ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save(self, event: Event) -> list[Path]:
        """The files ``event``'s message carries, written as ``<mensaje>-<fichero>`` (an
        edit: ``<mensaje>-<edición>-<fichero>``, so an earlier picture stays as it was)."""
        message = event.message
        saved = []
        for attachment in message.payload.get("attachments") or []:
            content = attachment.get("content")
            if not content:
                continue  # a file kept from before (only its id): nothing new to write
            name = Path(str(attachment.get("filename") or "adjunto")).name or "adjunto"
            number = message.id % 1_000_000
            stem = f"{number}-{message.edits}" if event.kind == "edit" else f"{number}"
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"{stem}-{name}"
            path.write_bytes(bytes(content))
            saved.append(path.resolve())
        return saved
