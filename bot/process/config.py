"""Settings from the environment and ``.env`` (pydantic-settings). The token is a secret.

Every value is checked when the settings are read (:mod:`bot.process.config_check` turns a wrong one
into one Spanish line and exit status 78); an empty value counts as not given."""

from __future__ import annotations

import ipaddress
import logging
import re
from collections.abc import Iterable

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.database import drivername

DEFAULT_DB_PATH = "umbral.db"
#: ``RUN_MIGRATIONS=sí`` as a Spanish speaker writes it (pydantic reads the English words).
SPANISH_BOOLS = {"sí": True, "si": True, "no": False}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
#: A host name (RFC 1123 labels), when the address is not an IP address.
HOSTNAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*")
#: The URL schemes a user may give → the async driver the bot runs on. ``postgresql://`` and
#: ``postgres://`` are what hosting services hand out.
ASYNC_DRIVERS = {
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
    "postgresql+asyncpg": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
    "sqlite+aiosqlite": "sqlite+aiosqlite",
}


class Settings(BaseSettings):
    """What the bot reads at start-up. ``DISCORD_TOKEN`` is never printed or logged."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    database_url: str | None = None
    umbral_db_path: str = DEFAULT_DB_PATH
    dev_guild_id: int | None = Field(default=None, gt=0)
    run_migrations: bool = True
    log_level: str = "INFO"
    #: ``text`` (readable lines) or ``json`` (one JSON object a line: bot.process.logs).
    log_format: str = "text"
    #: The health and metrics server (/vivo, /listo, /metrics: bot.process.service): off
    #: unless a port is given; on the loopback address unless told otherwise.
    umbral_http_host: str = "127.0.0.1"
    umbral_http_port: int | None = Field(default=None, ge=1, le=65535)
    #: Rolling commands a user / a channel may send per ``roll_limit_seconds`` (0: no limit).
    roll_limit_user: int = Field(default=6, ge=0)
    roll_limit_channel: int = Field(default=20, ge=0)
    roll_limit_seconds: float = Field(default=10.0, gt=0, allow_inf_nan=False)
    #: Sharding: ``SHARD_COUNT`` shards in all, ``SHARD_IDS`` ("0,1") those of this process.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: str | None = None

    @field_validator("log_level")
    @classmethod
    def _real_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError("not a logging level")
        return level

    @field_validator("log_format")
    @classmethod
    def _real_format(cls, value: str) -> str:
        found = value.strip().lower()
        if found not in LOG_FORMATS:
            raise ValueError("not a log format")
        return found

    @field_validator("umbral_http_host")
    @classmethod
    def _address(cls, value: str) -> str:
        host = value.strip()
        try:
            ipaddress.ip_address(host)
        except ValueError:
            if len(host) > 253 or not HOSTNAME.fullmatch(host) or host.replace(".", "").isdigit():
                raise ValueError("not an address") from None
        return host

    @field_validator("run_migrations", mode="before")
    @classmethod
    def _spanish_bool(cls, value: object) -> object:
        """``sí``/``si``/``no`` (any case) besides what pydantic reads as a bool (true/false,
        1/0, yes/no, on/off)."""
        if isinstance(value, str):
            word = value.strip().lower()
            if word in SPANISH_BOOLS:
                return SPANISH_BOOLS[word]
        return value

    @field_validator("database_url")
    @classmethod
    def _async_url(cls, value: str | None) -> str | None:
        return None if value is None else async_url(value)

    @property
    def shard_id_list(self) -> list[int] | None:
        """``SHARD_IDS`` ("0,2" or "0 2") as a list, checked against ``SHARD_COUNT``."""
        if not self.shard_ids or not self.shard_ids.strip():
            return None
        try:
            found = [int(part) for part in self.shard_ids.replace(",", " ").split()]
        except ValueError:
            raise ValueError(f"SHARD_IDS no es una lista de números: «{self.shard_ids}».") from None
        if not self.shard_count:
            raise ValueError("SHARD_IDS necesita SHARD_COUNT (cuántos shards hay en total).")
        bad = [i for i in found if not 0 <= i < self.shard_count]
        if bad or len(set(found)) != len(found):
            raise ValueError(
                f"SHARD_IDS ({self.shard_ids}) debe tener números distintos de 0 a "
                f"{self.shard_count - 1}."
            )
        return found

    @property
    def db_url(self) -> str:
        """``DATABASE_URL`` when given, else a SQLite file at ``UMBRAL_DB_PATH``."""
        if self.database_url:
            return self.database_url
        return db_url_from(self.umbral_db_path)

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None


def async_url(url: str) -> str:
    """``url`` on the bot's async driver (``postgres://…`` → ``postgresql+asyncpg://…``; a
    host's ``sslmode`` becomes asyncpg's ``ssl``), the rest as written; ``ValueError`` for a
    URL the bot can't use (another database or driver, or not a URL)."""
    url = url.strip()
    driver = ASYNC_DRIVERS.get(drivername(url))  # ValueError: not a database URL
    if driver is None:
        raise ValueError("not a database the bot can use")
    url = driver + url[url.index("://") :]
    if driver.startswith("postgresql"):
        url = re.sub(r"([?&])sslmode=", r"\1ssl=", url)
    return url


def db_url_from(path_or_url: str) -> str:
    """A database URL (on its async driver, :func:`async_url`), or a file path turned into
    ``sqlite+aiosqlite:///path``."""
    if "://" in path_or_url:
        return async_url(path_or_url)
    return f"sqlite+aiosqlite:///{path_or_url}"


#: Other libraries' chatter at start-up, logged at DEBUG instead: Alembic's INFO lines
#: ("Context impl SQLiteImpl", "Running upgrade …"), discord.py's INFO lines and its warning
#: that PyNaCl or davey (voice, which the bot never uses) is not installed.
QUIET_LOGGERS = ("alembic", "discord")
QUIET_WARNINGS = ("PyNaCl is not installed", "davey is not installed")
#: Libraries whose DEBUG and INFO lines write each SQL statement with its parameters (a
#: channel webhook's token is one, stored by /decir; user text others): WARNING and up only,
#: whatever LOG_LEVEL says.
SQL_LOGGERS = ("aiosqlite", "sqlalchemy")


class ThirdPartyStartupNoise(logging.Filter):
    """On the root handler: a quiet library's INFO, and the known harmless warnings, become
    DEBUG records, shown only when the level is DEBUG."""

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        quiet = record.name.split(".", 1)[0] in QUIET_LOGGERS
        if (quiet and record.levelno == logging.INFO) or (
            record.levelno == logging.WARNING
            and any(text in record.getMessage() for text in QUIET_WARNINGS)
        ):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return self.level <= logging.DEBUG
        return True


def configure_logging(level: str, fmt: str = "text", secrets: Iterable[str | None] = ()) -> None:
    """As :func:`logging.basicConfig` (nothing when the root logger already has a handler),
    in the ``fmt`` of ``LOG_FORMAT`` (:mod:`bot.process.logs`), with
    :class:`ThirdPartyStartupNoise` and the :class:`~bot.process.logs.Redactor` (which hides
    ``secrets``, the token, and whatever looks like a secret) on the handler."""
    from bot.process.logs import Redactor, formatter

    root = logging.getLogger()
    if root.handlers:
        return
    number = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(fmt))
    handler.addFilter(ThirdPartyStartupNoise(number))
    handler.addFilter(Redactor(s for s in secrets if s))
    root.addHandler(handler)
    root.setLevel(number)
    for name in SQL_LOGGERS:
        logging.getLogger(name).setLevel(max(number, logging.WARNING))
