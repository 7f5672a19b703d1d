"""A wrong setting is one Spanish line: the variable, the value it got and what it accepts,
exit status 78 (a configuration error), no traceback. Keys that look like settings but are
not are warned about with the likely name; the piped console still runs without a token."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import NOTHING_TO_DO, main
from bot.process.config import Settings, async_url
from bot.process.config_check import (
    ENV_FILE_VARIABLE,
    EXIT_CONFIG,
    ConfigError,
    distance,
    load_settings,
    unknown_keys,
)

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = [name.upper() for name in Settings.model_fields]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No setting from outside the test, and a folder of its own (its own ``.env``)."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(ENV_FILE_VARIABLE)  # these tests read .env as the bot does
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "ValidationError" not in err
    return lines[0]


BAD = [
    (
        "RUN_MIGRATIONS",
        "ture",
        "RUN_MIGRATIONS vale «ture»: admite sí o no (también si, true o false, 1 o 0, yes, on "
        "u off).",
    ),
    (
        "ROLL_LIMIT_USER",
        "seis",
        "ROLL_LIMIT_USER vale «seis»: admite un número entero desde 0 (0 quita el límite).",
    ),
    (
        "DEV_GUILD_ID",
        "mi-servidor",
        "DEV_GUILD_ID vale «mi-servidor»: admite el ID de un servidor de Discord, un número "
        "como 123456789012345678.",
    ),
    (
        "LOG_LEVEL",
        "INFOO",
        "LOG_LEVEL vale «INFOO»: admite DEBUG, INFO, WARNING, ERROR o CRITICAL.",
    ),
    (
        "DATABASE_URL",
        "foo://bar",
        "DATABASE_URL vale «foo://bar»: admite una URL de PostgreSQL (postgresql://usuario:"
        "contraseña@servidor/base, o postgres://…) o de SQLite (sqlite:///fichero.db).",
    ),
    (
        "DATABASE_URL",
        "mysql://kaeda:secreta@db/umbral",
        "DATABASE_URL vale «mysql://kaeda:***@db/umbral»: admite una URL de PostgreSQL",
    ),
    ("ROLL_LIMIT_SECONDS", "0", "ROLL_LIMIT_SECONDS vale «0»: admite un número de segundos"),
    ("ROLL_LIMIT_CHANNEL", "-1", "ROLL_LIMIT_CHANNEL vale «-1»: admite un número entero"),
    ("SHARD_COUNT", "0", "SHARD_COUNT vale «0»: admite un número entero desde 1"),
    ("LOG_FORMAT", "xml", "LOG_FORMAT vale «xml»: admite text (líneas para leer) o json"),
    ("UMBRAL_HTTP_PORT", "70000", "UMBRAL_HTTP_PORT vale «70000»: admite un puerto de 1 a 65535"),
    ("UMBRAL_HTTP_PORT", "ocho", "UMBRAL_HTTP_PORT vale «ocho»: admite un puerto de 1 a 65535"),
    ("UMBRAL_HTTP_PORT", "0", "UMBRAL_HTTP_PORT vale «0»: admite un puerto de 1 a 65535"),
    ("UMBRAL_HTTP_HOST", "300.1.2.3", "UMBRAL_HTTP_HOST vale «300.1.2.3»: admite una dirección IP"),
    ("UMBRAL_HTTP_HOST", "mi máquina", "UMBRAL_HTTP_HOST vale «mi máquina»: admite una dirección"),
]


@pytest.mark.parametrize(("name", "value", "line"), BAD, ids=[f"{n}={v}" for n, v, _ in BAD])
def test_a_wrong_setting_is_one_spanish_line_and_status_78(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    value: str,
    line: str,
) -> None:
    monkeypatch.setenv(name, value)
    for argv in ([], ["consola"], ["respaldo", "copia.db"]):
        assert main(argv, stdin=io.StringIO("/ayuda\n")) == EXIT_CONFIG == 78
        assert one_line(capsys.readouterr().err).startswith(f"umbral-bot: {line}")
    assert "secreta" not in line


def test_a_wrong_value_in_dotenv_says_so(
    clean_environment: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (clean_environment / ".env").write_text("ROLL_LIMIT_USER=seis\n", encoding="utf-8")
    assert main([]) == EXIT_CONFIG
    assert one_line(capsys.readouterr().err) == (
        "umbral-bot: ROLL_LIMIT_USER (en .env) vale «seis»: admite un número entero desde 0 "
        "(0 quita el límite)."
    )


def test_shard_ids_are_checked_at_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SHARD_IDS", "0,2")
    monkeypatch.setenv("SHARD_COUNT", "2")
    assert main(["consola"], stdin=io.StringIO("")) == EXIT_CONFIG
    assert "SHARD_IDS (0,2) debe tener números distintos de 0 a 1" in one_line(
        capsys.readouterr().err
    )


def test_the_database_urls_hosts_hand_out_run_on_the_async_driver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for given, used in [
        ("postgresql://u@localhost/db", "postgresql+asyncpg://u@localhost/db"),
        ("postgres://u:p%40ss@h:5432/db", "postgresql+asyncpg://u:p%40ss@h:5432/db"),
        ("postgres://u@h/db?sslmode=require", "postgresql+asyncpg://u@h/db?ssl=require"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///partida.db", "sqlite+aiosqlite:///partida.db"),
        ("sqlite+aiosqlite:///:memory:", "sqlite+aiosqlite:///:memory:"),
    ]:
        monkeypatch.setenv("DATABASE_URL", given)
        assert load_settings().db_url == used == async_url(given)
    with pytest.raises(ValueError):
        async_url("postgresql+psycopg2://u@h/db")  # a driver the bot doesn't have


def test_postgresql_urls_reach_the_database_not_a_missing_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token-de-prueba")
    monkeypatch.setenv("DATABASE_URL", "postgresql://umbral:secreta@127.0.0.1:9/umbral")
    assert main([]) == 74  # the server is not there: the database's own one line
    line = one_line(capsys.readouterr().err)
    assert line.startswith(
        "umbral-bot: No se puede usar la base de datos postgresql+asyncpg://umbral:***@"
    )
    assert "psycopg" not in line and "secreta" not in line


@pytest.mark.db
@pytest.mark.backends("postgresql")
def test_the_console_runs_on_a_plain_postgresql_url(
    database_url: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = database_url.replace("postgresql+asyncpg://", "postgresql://")
    monkeypatch.setenv("DATABASE_URL", plain)
    out = io.StringIO()
    assert main(["consola"], stdin=io.StringIO("/tirar expresion:2d6\n"), stdout=out) == 0
    assert "2d6" in out.getvalue()


def test_keys_that_look_like_settings_are_warned_about(
    clean_environment: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKN", "abc")
    monkeypatch.setenv("UMBRAL_BASE", "x.db")
    (clean_environment / ".env").write_text(
        "LOG_LEVELL=DEBUG\nPOSTGRES_PASSWORD=secreta\nDATABASE_URL=sqlite:///partida.db\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    assert main(["consola"], stdin=io.StringIO("/tirar expresion:2d6\n"), stdout=out) == 0
    assert "2d6" in out.getvalue()  # the console still opens
    warned = capsys.readouterr().err.splitlines()
    assert warned == [
        "umbral-bot: aviso: DISCORD_TOKN (en el entorno) no es un ajuste del bot y no se usa; "
        "¿querías decir DISCORD_TOKEN?",
        "umbral-bot: aviso: UMBRAL_BASE (en el entorno) no es un ajuste del bot y no se usa",
        "umbral-bot: aviso: LOG_LEVELL (en .env) no es un ajuste del bot y no se usa; "
        "¿querías decir LOG_LEVEL?",
    ]
    assert (clean_environment / "partida.db").exists()  # .env's DATABASE_URL was used


def test_other_programs_variables_are_left_alone() -> None:
    environ = {
        "PATH": "/usr/bin",
        "HOME": "/root",
        "LANG": "C.UTF-8",
        "TEST_DATABASE_URL": "postgresql://x",
        "POSTGRES_PASSWORD": "x",
        "DISCORD_TOKEN": "t",
        "log_level": "info",  # settings are case-insensitive
    }
    assert unknown_keys(environ, dotenv="no-such.env") == []
    assert unknown_keys({"SHARD_ID": "0", "DATABASE_URI": "x"}, dotenv="no-such.env") == [
        "aviso: SHARD_ID (en el entorno) no es un ajuste del bot y no se usa; ¿querías "
        "decir SHARD_IDS?",
        "aviso: DATABASE_URI (en el entorno) no es un ajuste del bot y no se usa; ¿querías "
        "decir DATABASE_URL?",
    ]
    assert (distance("DISCORD_TOKN", "DISCORD_TOKEN"), distance("abc", "abc")) == (1, 0)
    assert distance("LOGLEVEL", "LOG_LEVEL") == 1 and distance("kitten", "sitting") == 3


def test_the_settings_errors_never_show_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.secreto.XyZ")
    monkeypatch.setenv("DEV_GUILD_ID", "MTIz.secreto.XyZ")
    with pytest.raises(ConfigError) as error:
        load_settings()
    assert str(error.value).startswith("DEV_GUILD_ID vale «MTIz.secreto.XyZ»")  # its own value
    from bot.process.config_check import shown

    assert shown("DISCORD_TOKEN", "MTIz.secreto.XyZ") == "(oculto)"


def run_bot(stdin: int | None, data: str | None, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` as a service manager starts it: no token, the given input."""
    env = {k: v for k, v in os.environ.items() if k.upper() not in SETTINGS}
    return subprocess.run(
        [sys.executable, "-m", "bot", *argv],
        cwd=Path.cwd(),
        env={**env, "PYTHONPATH": str(ROOT)},
        stdin=stdin,
        input=data,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_no_token_and_nothing_to_read_is_one_line_and_status_78() -> None:
    for stdin, data in ((subprocess.DEVNULL, None), (None, "")):  # Docker, systemd; empty pipe
        result = run_bot(stdin, data)
        assert result.returncode == EXIT_CONFIG, result.stderr
        assert one_line(result.stderr) == f"umbral-bot: {NOTHING_TO_DO}"
        assert result.stdout == ""
    assert not Path("umbral.db").exists()  # nothing was opened


def test_piped_lines_still_run_the_console_and_a_bad_setting_stops_it_first() -> None:
    result = run_bot(None, "; una tirada\n/tirar expresion:2d6\n")
    assert result.returncode == 0, result.stderr
    assert "2d6" in result.stdout and result.stderr == ""
    bad = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=Path.cwd(),
        env={**os.environ, "PYTHONPATH": str(ROOT), "RUN_MIGRATIONS": "ture"},
        input="/tirar expresion:2d6\n",
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert bad.returncode == 78 and bad.stdout == ""
    assert one_line(bad.stderr).startswith("umbral-bot: RUN_MIGRATIONS vale «ture»")


def test_a_bad_db_option_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["consola", "--db", "foo://bar"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argumento --db: «foo://bar» no es una base de datos que el bot pueda usar" in err
    assert "Traceback" not in err


def test_the_example_dotenv_lists_every_setting_with_a_spanish_comment(
    clean_environment: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    keys = [line.split("=", 1)[0] for line in lines if line and not line.startswith("#")]
    assert keys == SETTINGS  # every one, in the settings' order
    for key in keys:
        comment = lines[lines.index(next(x for x in lines if x.startswith(f"{key}="))) - 1]
        assert comment.startswith("# ") and len(comment) > 20, key
    # Copied as it is, it changes nothing: every value is the default (or empty: not given).
    shutil.copyfile(ROOT / ".env.example", clean_environment / ".env")
    assert load_settings().model_dump() == Settings(_env_file=None).model_dump()  # type: ignore[call-arg]
    assert unknown_keys() == []


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0", "::1", "localhost", "bot.example.org"])
def test_the_http_server_settings_take_addresses_and_ports(
    monkeypatch: pytest.MonkeyPatch, host: str
) -> None:
    assert load_settings().umbral_http_port is None  # off unless a port is given
    monkeypatch.setenv("UMBRAL_HTTP_HOST", host)
    monkeypatch.setenv("UMBRAL_HTTP_PORT", "8080")
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    settings = load_settings()
    assert (settings.umbral_http_host, settings.umbral_http_port) == (host, 8080)
    assert settings.log_format == "json"


@pytest.mark.parametrize(
    ("value", "migrates"),
    [
        ("sí", True),
        ("SI", True),
        (" si ", True),
        ("Sí", True),
        ("no", False),
        ("NO", False),
        ("true", True),
        ("false", False),
        ("1", True),
        ("0", False),
        ("yes", True),
        ("off", False),
    ],
)
def test_run_migrations_reads_si_and_no(monkeypatch: Any, value: str, migrates: bool) -> None:
    """Issue 43: RUN_MIGRATIONS as a Spanish speaker writes it, and all it accepted before."""
    monkeypatch.setenv("RUN_MIGRATIONS", value)
    assert Settings(_env_file=None).run_migrations is migrates  # type: ignore[call-arg]
