"""The scale scenario's check of lost updates (issue 49): every sampled channel's final
encounter equals the sequential replay of the commands the bot said it did there.

What committed, in what order, and with which dice, is read from what the run stored: the
channel's undo records (one per committed change, :mod:`bot.storage.undo`: the command, who,
``version_after``, the ids of the rolls it logged) and the roll log (each roll's faces). What
the records do not keep, the options (target, attacker), the driver remembered for each
change the bot answered (:attr:`bench.escala_load.Driver.done`). The records and the driver's
list must agree one to one (the same command by the same user, versions 2, 3, … in a row);
then a fresh process (``python -m bench.escala_replay``) runs them one after the other through
the real bot path (the console's Discord, the slash commands, :class:`ForcedDice` loaded with
the logged faces, strict) on a new copy of the seeded database, and the replayed encounter
document is compared with the stored one. A channel whose replay differs, or whose records do
not match what the bot answered, counts as a lost update; the first difference is printed.

The undo table keeps a channel's newest :data:`bot.storage.undo.KEEP` records: a channel with
more changes than that cannot be replayed from the seed and is counted apart (``truncated``).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.escala_bot import BotProcess, channel_name, master_name
from bench.escala_seed import tracker_id

#: Examples of differences kept in the results.
EXAMPLES = 5

#: One change to replay: (user, command path, options, the faces its rolls logged).
Change = tuple[str, str, dict[str, Any], list[int]]


def sample(channels: int, most: int | None) -> list[int]:
    """The channels replayed: all of them, or ``most`` spread evenly over them (fixed: the
    same in every run)."""
    if most is None or most >= channels:
        return list(range(channels))
    return sorted({k * channels // most for k in range(most)})


def first_difference(stored: Any, replayed: Any, where: str = "") -> str | None:
    """The first place two JSON documents differ, as
    ``combatants[2].aguante: 8 guardado ≠ 12 repetido`` (``None``: they are equal)."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed)):
            if key not in stored or key not in replayed:
                side = "guardado" if key in stored else "repetido"
                return f"{where}.{key}: solo en el {side}".lstrip(".")
            found = first_difference(stored[key], replayed[key], f"{where}.{key}")
            if found:
                return found
        return None
    place = where.lstrip(".") or "documento"
    if isinstance(stored, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(stored, replayed, strict=False)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(stored) != len(replayed):
            return f"{place}: {len(stored)} elementos ≠ {len(replayed)}"
        return None
    if stored != replayed:
        return f"{place}: {stored!r} guardado ≠ {replayed!r} repetido"
    return None


def faces_of(dice: list[Any]) -> list[int]:
    """The faces one roll-log row drew, in order (``DieRoll.to_dict`` and ``/tirar``'s
    expressions both list them under ``faces``)."""
    found: list[int] = []
    for die in dice:
        found.extend(int(f) for f in die.get("faces", []))
    return found


async def stored(url: str, indices: list[int]) -> dict[int, dict[str, Any]]:
    """Each channel's stored document and undo records, with the faces of their rolls."""
    from sqlalchemy import text

    from bot.console.payloads import GUILD_ID, stable_id
    from bot.storage import Storage

    ids = {stable_id("channel", channel_name(i)): i for i in indices}
    found: dict[int, dict[str, Any]] = {i: {"records": []} for i in indices}
    storage = Storage.from_url(url)
    try:
        async with storage.engine.connect() as conn:
            rows = (
                await conn.execute(
                    text(
                        "SELECT channel_id, command, user_id, version_after, roll_ids, "
                        "undone_at FROM undo_records WHERE channel_id = ANY(:ids) ORDER BY id"
                    ),
                    {"ids": list(ids)},
                )
            ).all()
            wanted = [int(r) for row in rows for r in row[4] or []]
            dice: dict[int, list[int]] = {}
            if wanted:
                query = text("SELECT id, dice FROM roll_log WHERE id = ANY(:ids)")
                for rid, rolled in await conn.execute(query, {"ids": wanted}):
                    dice[int(rid)] = faces_of(list(rolled or []))
        for cid, command, user_id, version, roll_ids, undone in rows:
            faces = [f for r in roll_ids or [] for f in dice.get(int(r), [])]
            record = (command, int(user_id), version, faces, undone is not None)
            found[ids[cid]]["records"].append(record)
        for cid, index in ids.items():
            async with storage.channel(GUILD_ID, cid) as uow:
                found[index]["state"] = await uow.encounter.get_state()
    finally:
        await storage.close()
    return found


def plan(
    index: int, done: list[tuple[str, str, dict[str, Any]]], records: list[Any]
) -> tuple[str, list[Change] | str]:
    """What to replay in one channel, or why it cannot be: (``replay``, changes),
    (``truncated``, why) or (``lost``, why: the records and the answers disagree)."""
    from bot.console.payloads import stable_id
    from bot.storage.undo import KEEP

    name = f"#{channel_name(index)}"
    if records and records[0][2] != 2 and len(records) >= KEEP:
        return "truncated", f"{name}: el primer registro que queda es la versión {records[0][2]}"
    changes: list[Change] = []
    for n, step in enumerate(done):
        if n >= len(records):
            user, path, _ = step
            return "lost", (
                f"{name}: {len(done)} cambios respondidos, {len(records)} registrados; falta "
                f"el n.º {n + 1} (/{path} de {user})"
            )
        command, user_id, version, faces, undone = records[n]
        user, path, options = step
        if (command, user_id, version, undone) != (path, stable_id("user", user), n + 2, False):
            return "lost", (
                f"{name}: el cambio n.º {n + 1} respondido fue /{path} de {user}; el registro "
                f"es /{command} (versión {version}{', deshecho' if undone else ''})"
            )
        changes.append((user, path, options, faces))
    if len(records) > len(done):
        return "lost", f"{name}: {len(records)} cambios registrados, {len(done)} respondidos"
    return "replay", changes


async def replay_check(
    url: str, start_url: str, done: dict[int, list[Any]], channels: int, most: int | None
) -> dict[str, Any]:
    """The sampled channels of the run on ``url`` replayed from the seed (``start_url``:
    the database every run was copied from) and compared (see the module's docstring)."""
    from sqlalchemy.engine import make_url

    from bench.databases import pg_admin, with_database

    indices = sample(channels, most)
    found = await stored(url, indices)
    todo: dict[int, list[Change]] = {}
    lost: list[str] = []
    truncated: list[str] = []
    for index in indices:
        kind, what = plan(index, done.get(index, []), found[index]["records"])
        if kind == "replay":
            assert not isinstance(what, str)
            todo[index] = what
        else:
            assert isinstance(what, str)
            (lost if kind == "lost" else truncated).append(what)
    template = make_url(start_url).database
    copy = f"{template}_repeticion"
    await pg_admin(url, f"CREATE DATABASE {copy} TEMPLATE {template}")
    try:
        replayed = await asyncio.to_thread(run_replay, with_database(url, copy), todo)
    finally:
        await pg_admin(url, f"DROP DATABASE IF EXISTS {copy} WITH (FORCE)")
    for index, changes in todo.items():
        got = replayed[str(index)]
        why = got.get("error") or first_difference(found[index]["state"], got["state"])
        if why:
            lost.append(f"#{channel_name(index)} ({len(changes)} cambios): {why}")
    return {
        "channels": len(indices),
        "sample": "todos" if len(indices) == channels else len(indices),
        "replayed": len(todo),
        "changes_replayed": sum(len(c) for c in todo.values()),
        "lost_updates": len(lost),
        "truncated": len(truncated),
        "examples": (lost + truncated)[:EXAMPLES],
    }


def run_replay(url: str, todo: dict[int, list[Change]]) -> dict[str, Any]:
    """The replay in a fresh process; each channel's replayed document, or its error."""
    from bench.measure import ROOT

    with tempfile.TemporaryDirectory(prefix="umbral-repeticion-") as folder:
        args, out = Path(folder) / "args.json", Path(folder) / "out.json"
        args.write_text(json.dumps({"url": url, "channels": todo, "out": str(out)}))
        argv = [sys.executable, "-m", "bench.escala_replay", str(args)]
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"la repetición falló: {done.stderr[-2000:]}")
        result: dict[str, Any] = json.loads(out.read_text())
    return result


async def replay(url: str, channels: dict[str, list[Change]]) -> dict[str, Any]:
    """One channel after another, each change after the other, through the bot (one
    process, no scheduler); each channel's final document (or why a change failed)."""
    from bot.console.payloads import GUILD_ID, stable_id
    from umbral_rules import ForcedDice

    indices = [int(i) for i in channels]
    names = [channel_name(i) for i in indices]
    dice = ForcedDice([], strict=True)  # a face too few or too many is an error, not random
    me = await BotProcess.open(
        url, 1, "0", [master_name(i) for i in indices], names, dice=dice, scheduler=False
    )
    me.fake.trackers({channel_name(i): tracker_id(i) for i in indices})
    out: dict[str, Any] = {}
    try:
        for index in indices:
            error = None
            for n, (user, path, options, faces) in enumerate(channels[str(index)], 1):
                dice.push(faces)
                outcome = await me.fake.run(user, channel_name(index), path, options)
                left = dice.remaining
                while dice.remaining:  # the next change starts from its own faces
                    dice.roll(100)  # (any face logged is one a d100 may show)
                if not outcome.public:
                    error = f"el cambio n.º {n} (/{path}) no se hizo al repetirlo: "
                    error += outcome.private
                elif left:
                    error = f"el cambio n.º {n} (/{path}) dejó sin usar las caras {list(left)}"
                if error:
                    break
            cid = stable_id("channel", channel_name(index))
            async with me.storage.channel(GUILD_ID, cid) as uow:
                state = await uow.encounter.get_state()
            out[str(index)] = {"error": error} if error else {"state": state}
    finally:
        await me.close()
    return out


def main(path: str) -> None:
    args = json.loads(Path(path).read_text())
    found = asyncio.run(replay(args["url"], args["channels"]))
    Path(args["out"]).write_text(json.dumps(found))


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    main(sys.argv[1])
