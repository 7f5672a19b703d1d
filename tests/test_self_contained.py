"""The repository stands alone: no file of it refers to the folder of shared material that
sits beside the project's own checkout (a user's clone doesn't have it). What the project
needs from there lives inside, with its licence (Discord's API description:
``tools/discord-api/``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Built from parts, so that this file does not match itself (it is scanned too).
FOLDER = "shared"
NEEDLES = [f"../{FOLDER}", f"/work/{FOLDER}"] + [
    f"{FOLDER}/{part}" for part in ("discord", "rules", "seeds", "docs")
]
#: What a working copy holds besides the repository's own files (the fallback walk).
NOT_OURS = {".git", ".venv", ".venv-lock", "__pycache__", "build", "dist", ".hypothesis"}


def repository_files() -> list[Path]:
    """The files git tracks or would track (ignored ones left out); without git, a walk."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        return [ROOT / os.fsdecode(name) for name in listed.split(b"\0") if name]
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in NOT_OURS and not d.endswith("_cache")]
        found += [Path(folder) / name for name in files]
    return found


def test_no_file_refers_to_the_shared_folder_outside_the_repository() -> None:
    files = [path for path in repository_files() if path.is_file()]
    assert Path(__file__) in files  # this file is scanned as well
    assert ROOT / "tools/discord-api/openapi.json" in files
    offenders = []
    for path in files:
        data = path.read_bytes()
        offenders += [
            f"{path.relative_to(ROOT)}: {needle}" for needle in NEEDLES if needle.encode() in data
        ]
    assert offenders == []


def test_discords_api_description_is_inside_with_its_licence() -> None:
    folder = ROOT / "tools/discord-api"
    assert "MIT License" in (folder / "LICENSE").read_text(encoding="utf-8")
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "74fda0fad044407ea280043a03ffc9bc64c4e49e" in readme
    assert (folder / "openapi.json").stat().st_size > 1_000_000
