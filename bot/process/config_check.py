"""The settings checked at start: a wrong value is one Spanish line (the variable, the value it
got, what it accepts) and exit status 78, never pydantic's traceback; a key that looks like a
setting but is not one (``DISCORD_TOKN``) is a warning naming the likely setting.

Only keys that start with ``DISCORD_`` or ``UMBRAL_``, or that are within two edits of a
setting's name, are looked at: the environment holds many other variables (``PATH``…), and
``.env`` may hold other programs' (``POSTGRES_PASSWORD`` for compose.yaml)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from dotenv import dotenv_values
from pydantic import ValidationError

from bot.process.config import Settings

#: sysexits.h's EX_CONFIG: a supervisor should not restart the bot until a person fixes it.
EXIT_CONFIG = 78
PREFIXES = ("DISCORD_", "UMBRAL_")
#: Edits (letters added, removed or changed) within which a key is taken for a setting.
NEAR = 2
SHOWN_MAX = 60
DATABASE_URLS = (
    "una URL de PostgreSQL (postgresql://usuario:contraseña@servidor/base, o postgres://…) "
    "o de SQLite (sqlite:///fichero.db)"
)
#: What each setting accepts, said after the value it got.
ACCEPTS = {
    "DISCORD_TOKEN": "el token del bot, del portal de desarrolladores de Discord",
    "DATABASE_URL": DATABASE_URLS,
    "UMBRAL_DB_PATH": "la ruta de un fichero SQLite (por defecto umbral.db)",
    "DEV_GUILD_ID": "el ID de un servidor de Discord, un número como 123456789012345678",
    "RUN_MIGRATIONS": "sí o no (también si, true o false, 1 o 0, yes, on u off)",
    "LOG_LEVEL": "DEBUG, INFO, WARNING, ERROR o CRITICAL",
    "LOG_FORMAT": "text (líneas para leer) o json (un objeto JSON por línea)",
    "UMBRAL_HTTP_HOST": (
        "una dirección IP (127.0.0.1, la de por defecto; 0.0.0.0 para todas) o un nombre "
        "de máquina como localhost"
    ),
    "UMBRAL_HTTP_PORT": "un puerto de 1 a 65535 (vacío: sin servidor de salud ni métricas)",
    "ROLL_LIMIT_USER": "un número entero desde 0 (0 quita el límite)",
    "ROLL_LIMIT_CHANNEL": "un número entero desde 0 (0 quita el límite)",
    "ROLL_LIMIT_SECONDS": "un número de segundos mayor que 0, como 10 o 2.5",
    "SHARD_COUNT": "un número entero desde 1 (cuántos shards hay en total)",
    "SHARD_IDS": "números distintos de 0 a SHARD_COUNT − 1, separados por comas (como 0,2)",
}
KNOWN = tuple(name.upper() for name in Settings.model_fields)
assert set(KNOWN) == set(ACCEPTS), "every setting says what it accepts"
#: Where the settings file is, read from the environment before everything else: ``.env`` in
#: the current folder unless it says otherwise (a service's own file; the test suite points it
#: at nothing, so a user's ``.env`` and token never reach the tests).
ENV_FILE_VARIABLE = "UMBRAL_ENV_FILE"


def env_file() -> Path:
    """The settings file: ``UMBRAL_ENV_FILE`` if it is set and not empty, else ``.env``."""
    return Path(os.environ.get(ENV_FILE_VARIABLE) or ".env")


class ConfigError(Exception):
    """A setting the bot can't run with: its one Spanish line."""


def shown(name: str, value: object) -> str:
    """The value as the line shows it: the token never, a URL's password hidden, cut short."""
    if name == "DISCORD_TOKEN":
        return "(oculto)"
    text = str(value)
    if name in ("DATABASE_URL", "--db"):
        text = re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text)
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"


def wrong(name: str, value: object, accepts: str, where: str = "") -> ConfigError:
    return ConfigError(f"{name}{where} vale «{shown(name, value)}»: admite {accepts}.")


def load_settings(dotenv: str | Path | None = None) -> Settings:
    """The settings from the environment and ``dotenv`` (by default :func:`env_file`);
    :class:`ConfigError` for the first wrong value (from the environment, which wins, or from
    the file)."""
    dotenv = env_file() if dotenv is None else dotenv
    try:
        settings = Settings(_env_file=dotenv)  # type: ignore[call-arg]
    except ValidationError as error:
        first = error.errors()[0]
        name = str(first["loc"][0]).upper()
        where = "" if _in_environment(name) else f" (en {Path(dotenv).name})"
        raise wrong(name, first["input"], ACCEPTS[name], where) from None
    try:
        settings.shard_id_list  # noqa: B018 - checked now, used when the bot starts
    except ValueError as error:
        raise ConfigError(str(error)) from None
    return settings


def _in_environment(name: str) -> bool:
    return any(key.upper() == name for key in os.environ)


def distance(a: str, b: str) -> int:
    """Levenshtein's edit distance: letters added, removed or changed to turn ``a`` into ``b``."""
    previous = list(range(len(b) + 1))
    for i, letter in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (letter != other))
            )
        previous = current
    return previous[-1]


def unknown_keys(
    environ: Mapping[str, str] | None = None, dotenv: str | Path | None = None
) -> list[str]:
    """One warning line for each key (of the environment, then of ``dotenv``, by default
    :func:`env_file`) that looks like a setting and is not one, with the likely setting when
    one is near."""
    dotenv = env_file() if dotenv is None else dotenv
    sources: list[tuple[str, Mapping[str, str | None]]] = [
        ("el entorno", os.environ if environ is None else environ)
    ]
    if Path(dotenv).is_file():
        sources.append((Path(dotenv).name, dotenv_values(dotenv)))
    lines = []
    for where, keys in sources:
        for key in keys:
            name = key.upper()
            if name in KNOWN or name == ENV_FILE_VARIABLE:
                continue
            best = min(KNOWN, key=lambda known: distance(name, known))
            near = distance(name, best) <= NEAR
            if not (near or name.startswith(PREFIXES)):
                continue
            guess = f"; ¿querías decir {best}?" if near else ""
            lines.append(f"aviso: {key} (en {where}) no es un ajuste del bot y no se usa{guess}")
    return lines
