"""The bot as a user installs it: the wheel is built from the repository's files, installed in
a new virtual environment outside the repository, and ``umbral-bot consola --nueva`` plays the
README's walkthrough from another folder, with the migrations and the schemas from the wheel.

The new environment gets the bot from the wheel only. Its dependencies (discord.py,
SQLAlchemy…) are the ones already installed for the tests, put on its path by a ``.pth``
line *after* its own site-packages, so nothing is downloaded; that line only adds the folder,
so the repository's editable install there (a ``.pth`` of its own, which Python reads only
in a site folder) never takes effect: ``bot`` is the wheel's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from tests.bot.test_console_examples import readme_walkthrough, run_walkthrough, untimed

ROOT = Path(__file__).resolve().parents[2]
#: What a working copy has that is not part of the source (caches, environments, builds).
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv*", "__pycache__", "*.egg-info", "build", "dist", "*_cache", ".hypothesis",
    "*.db", "*.db-*", ".coverage*", "results.json",
)  # fmt: skip
GUARD_S = 600  # only against a hung process: nothing here is about time


def run(*argv: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, timeout=GUARD_S, **kwargs
    )  # type: ignore[call-overload]
    assert result.returncode == 0, result.stdout + result.stderr
    return result  # type: ignore[no-any-return]


def build_wheel(work: Path) -> Path:
    """The wheel of a copy of the repository's files (the build leaves ``build/`` and
    ``*.egg-info`` behind: not in the working copy the other tests read)."""
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", work / "dist", source)
    (wheel,) = (work / "dist").glob("umbral_bot-*.whl")
    return wheel


def new_environment(folder: Path, wheel: Path) -> Path:
    """A virtual environment with the wheel installed in it; its ``bin`` folder."""
    run(sys.executable, "-m", "venv", "--without-pip", folder)
    python = folder / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
        "--no-index", wheel)  # fmt: skip
    # The dependencies: the test environment's site-packages, after the new one's own.
    ours = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    deps = sysconfig.get_paths()["purelib"]
    (Path(ours.stdout.strip()) / "umbral_test_dependencies.pth").write_text(deps + "\n")
    return folder / "bin"


def test_the_wheel_carries_migrations_schemas_data_and_licences(tmp_path: Path) -> None:
    wheel = zipfile.ZipFile(build_wheel(tmp_path))
    names = set(wheel.namelist())
    for needed in (
        "umbral_migrations/env.py",
        "umbral_migrations/script.py.mako",
        "umbral_migrations/versions/0001_initial.py",
        "bot/data/ejemplo.yaml",
        "bot/console/discord_schema.json",
        "bot/__main__.py",
        "umbral_rules/__init__.py",
    ):
        assert needed in names, needed
    for package in ("bot", "umbral_rules"):  # every module, namespace packages' too
        for module in (ROOT / package).rglob("*.py"):
            assert module.relative_to(ROOT).as_posix() in names, module
    licences = {n.split("/licenses/", 1)[1] for n in names if "/licenses/" in n}
    assert licences == {"LICENSE", "tools/discord-api/LICENSE"}
    assert not any(n.startswith(("tests/", "tools/", "bench/", "migrations/")) for n in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = wheel.read(metadata).decode()
    assert "License-Expression: MIT" in text
    assert "Classifier: Natural Language :: Spanish" in text
    assert "Project-URL: " in text


def test_the_installed_wheel_plays_the_readme_walkthrough_from_another_folder(
    tmp_path: Path,
) -> None:
    wheel = build_wheel(tmp_path)
    bin_ = new_environment(tmp_path / "venv", wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE_URL", "UMBRAL_", "DISCORD_", "PYTHON", "COV_CORE"))
    }
    # The code that runs is the wheel's, not the repository's.
    where = run(
        bin_ / "python",
        "-c",
        "import bot, umbral_migrations, bot.storage.migrate as m; "
        "print(bot.__file__); print(umbral_migrations.__file__); print(m.SCRIPTS)",
        cwd=elsewhere,
        env=env,
    ).stdout.split()
    site = str(tmp_path / "venv" / "lib")
    assert all(path.startswith(site) for path in where), where
    args, lines = readme_walkthrough()
    assert args == ["consola", "--nueva", "--dados", "9,6"]
    played = run(bin_ / "umbral-bot", *args, "--eco", input=lines, cwd=elsewhere, env=env)
    text = played.stdout
    # What the README says happens…
    assert "9 + Vigor 3 + Oficio contrabandista (mitad) 1 = **13**" in text
    assert "Aguante de Guardia del puerto: 14 → 10/14" in text
    assert "6 + Destreza 3 + Protección 1 = **10**" in text
    assert "Margen: −2 (bandas de 4)" in text
    assert "Aguante de Kaeda: 16 → 15/16" in text
    assert "Encuentro terminado (Mesa)" in text
    # …and exactly what the repository's own code prints for the same lines.
    assert untimed(text) == untimed(run_walkthrough())
    assert played.stderr == ""
    assert list(elsewhere.iterdir()) == []  # --nueva: nothing left behind
