"""What docs/arquitectura.md says of the one path of encounter commands (issue 44), read
from the source:

- the path (``bot/edge/path.py``) imports no feature and no game system: a system is handed
  to ``run_step`` (the edge's own rule, ``test_layout``, covers the whole edge);
- the path's steps are written once: outside ``bot/features/system.py`` no feature makes the
  guild's tables current, and only the places listed here, each for its stated reason,
  open a channel's unit of work, save or end an encounter, or ask for its tracker by hand;
- the tracker is asked for after COMMIT: the path does it through ``uow.after_commit``
  (``Context.show_tracker``), never by editing a message itself;
- rolling is declared: the tree's gate reads ``rolls_dice``, and no hand-kept list of rolling
  commands is left in ``bot/``;
- the unit of work makes a repository only when it is first used.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.storage.unit import UnitOfWork
from tests.importgraph import import_graph

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"
FEATURES = BOT / "features"

#: Feature files that open a channel's unit, save, create or end an encounter, or ask for a
#: tracker outside the one path, and why (docs/arquitectura.md, [D] «Fuera del camino»).
OFF_PATH = {
    "tiradas/retos.py": "a scene's last reto ends it after its save; /reto ver only reads",
    "combate/vendar.py": "a look first: in an encounter it is a combat step, else a sheet's",
    "decir/speak.py": "a line said as a character: no encounter",
    "deshacer/buttons.py": "/deshacer puts back a saved state: no rules to call",
    "deshacer/cog.py": "/deshacer puts back a saved state: no rules to call",
    "deshacer/service.py": "/deshacer puts back a saved state: no rules to call",
    "encuentro/cog.py": "empezar creates the encounter, terminar ends it; ver and pendientes read",
    "fichas/ceder.py": "the character may fight in another channel, whose unit it opens",
    "hielo/encounter.py": "hielo's empezar creates the encounter, terminar ends it",
    "recordatorios/scheduler.py": "the reminders' background task: no command",
    "recordatorios/closing.py": "a round that failed to close is looked at later: no rules",
    "graduado/verbs.py": "empezar creates the graded encounter, terminar ends it",
    "graduado/sheets.py": "its sheets and bestiary: no encounter (the channel's unit: retry)",
    "porcentual/verbs.py": "/encuentro empezar creates the fight, terminar ends it (in steps)",
}
BY_HAND = re.compile(
    r"run_in_channel\(|storage\.channel\(|show_tracker\(|encounter\.(save|create|end)\("
)


def _sources() -> dict[str, str]:
    return {
        str(p.relative_to(FEATURES)): p.read_text(encoding="utf-8") for p in FEATURES.rglob("*.py")
    }


def test_the_path_imports_no_feature_and_no_system() -> None:
    imported = import_graph(BOT)["bot.edge.path"]
    assert not [m for m in imported if m.startswith("bot.features")], imported


def test_only_the_system_makes_the_guild_tables_current() -> None:
    calls = sorted(f for f, text in _sources().items() if "use_guild_tables(" in text)
    assert calls == ["system.py"]  # Umbral's ``prepare``, the path's step
    assert "def prepare(" in (FEATURES / "system.py").read_text("utf-8")


def test_the_path_s_steps_are_written_by_hand_only_where_listed() -> None:
    by_hand = {f for f, text in _sources().items() if BY_HAND.search(text)}
    assert by_hand - {"system.py"} <= set(OFF_PATH), sorted(by_hand - set(OFF_PATH))
    assert {f for f in OFF_PATH if f not in by_hand} == set()  # the list stays true


def test_the_tracker_follows_the_commit() -> None:
    context = ast.parse((BOT / "edge/context.py").read_text(encoding="utf-8"))
    show = next(
        n for n in ast.walk(context) if isinstance(n, ast.FunctionDef) and n.name == "show_tracker"
    )
    assert "uow.after_commit(" in ast.unparse(show)
    path = (BOT / "edge/path.py").read_text(encoding="utf-8")
    assert "ctx.show_tracker(" in path


def test_rolling_is_declared_not_listed() -> None:
    tree = (BOT / "edge/tree.py").read_text(encoding="utf-8")
    assert "rolls_dice(command)" in tree
    hand_lists = [
        str(p.relative_to(ROOT))
        for p in BOT.rglob("*.py")
        if re.search(r"ROLLING_(COMMANDS|MENUS)\b", p.read_text(encoding="utf-8"))
    ]
    assert hand_lists == []


def test_the_unit_of_work_makes_a_repository_when_first_used() -> None:
    uow = UnitOfWork(session=None, guild_id=1, channel_id=2)  # type: ignore[arg-type]
    made = {"guild", "characters", "bestiary", "reminders", "saved_rolls", "sessions"}
    made |= {"activity", "scene", "undo_log", "rolls"}
    assert made.isdisjoint(vars(uow))
    assert uow.characters is uow.characters  # made once, then kept
    assert made & set(vars(uow)) == {"characters"}
    assert not uow._made  # the encounter's repository too
