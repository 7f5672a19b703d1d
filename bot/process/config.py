"""Settings from the environment and ``.env`` (pydantic-settings). The token is a secret."""

from __future__ import annotations

import logging

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DB_PATH = "umbral.db"


class Settings(BaseSettings):
    """What the bot reads at start-up. ``DISCORD_TOKEN`` is never printed or logged."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str | None = None
    umbral_db_path: str = DEFAULT_DB_PATH
    dev_guild_id: int | None = None
    run_migrations: bool = True
    log_level: str = "INFO"
    #: Rolling commands a user / a channel may send per ``roll_limit_seconds`` (0: no limit).
    roll_limit_user: int = 6
    roll_limit_channel: int = 20
    roll_limit_seconds: float = 10.0
    #: Sharding: ``SHARD_COUNT`` shards in all, ``SHARD_IDS`` ("0,1") those of this process.
    shard_count: int | None = None
    shard_ids: str | None = None

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


def db_url_from(path_or_url: str) -> str:
    """A SQLAlchemy URL as is, or a file path turned into ``sqlite+aiosqlite:///path``."""
    if "://" in path_or_url:
        return path_or_url
    return f"sqlite+aiosqlite:///{path_or_url}"


#: Other libraries' chatter at start-up, logged at DEBUG instead: Alembic's INFO lines
#: ("Context impl SQLiteImpl", "Running upgrade …"), discord.py's INFO lines and its warning
#: that PyNaCl or davey (voice, which the bot never uses) is not installed.
QUIET_LOGGERS = ("alembic", "discord")
QUIET_WARNINGS = ("PyNaCl is not installed", "davey is not installed")


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


def configure_logging(level: str) -> None:
    """As :func:`logging.basicConfig` (nothing when the root logger already has a handler),
    with :class:`ThirdPartyStartupNoise` on the handler."""
    root = logging.getLogger()
    if root.handlers:
        return
    number = getattr(logging, level.upper(), logging.INFO)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(ThirdPartyStartupNoise(number))
    root.addHandler(handler)
    root.setLevel(number)
