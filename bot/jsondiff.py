"""The difference between two JSON documents, as what turns the newer back into the older:
an undo record stores it instead of the whole encounter (:mod:`bot.storage.undo`).

:func:`diff` ``(old, new)`` gives a list of operations, each a JSON list, and :func:`patch`
``(new, ops)`` applies them to a copy of ``new``, giving ``old``. A path is the list of keys
and indexes from the document's root:

- ``[path, value]``: put ``value`` at ``path`` (a changed value, or a key ``new`` lost);
- ``[path]``: delete the key at ``path`` (a key ``new`` gained);
- ``[path, start, stop, items]``: ``new``'s list at ``path`` gets ``items`` in place of
  ``[start:stop]`` (a list that grew or shrank: its common head and tail stay out of it).

Unchanged parts cost nothing: dicts are compared key by key and lists of the same length
item by item, and only what differs goes down a level, so one hurt combatant among 200 is a
few short paths, not 200 combatants.
"""

from __future__ import annotations

from typing import Any

from umbral_rules.encounter.codec import json_copy

Path = list[str | int]
Op = list[Any]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``new`` into ``old``."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if type(old) is dict and type(new) is dict:
        for key, value in old.items():
            if key not in new:
                ops.append([[*path, key], value])
            elif _differ(value, new[key]):
                _diff(value, new[key], [*path, key], ops)
        ops.extend([[*path, key]] for key in new if key not in old)
    elif type(old) is list and type(new) is list:
        _diff_list(old, new, path, ops)
    elif _differ(old, new):
        ops.append([path, old])


def _differ(a: Any, b: Any) -> bool:
    """Different: of another type (``1`` is not ``True`` nor ``1.0``), or not ``==``. Inside
    two containers ``==`` takes those as equal, which is fine for an encounter's document:
    its ``to_dict()`` never changes the type of a value."""
    return a is not b and (type(a) is not type(b) or a != b)


def _diff_list(old: list[Any], new: list[Any], path: Path, ops: list[Op]) -> None:
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest and not _differ(old[start], new[start]):
        start += 1
    end = 0  # items equal at the tail, after the head
    while end < shortest - start and not _differ(old[-1 - end], new[-1 - end]):
        end += 1
    if len(old) == len(new):
        for i in range(start, len(old) - end):
            if _differ(old[i], new[i]):
                _diff(old[i], new[i], [*path, i], ops)
    else:
        ops.append([path, start, len(new) - end, old[start : len(old) - end]])


def patch(new: Any, ops: list[Op]) -> Any:
    """``new`` with ``ops`` applied, in order (a copy: ``new`` stays as it was)."""
    doc = json_copy(new)
    for op in ops:
        path = op[0]
        if len(op) == 4:
            _at(doc, path)[op[1] : op[2]] = json_copy(op[3])
        elif not path:
            doc = json_copy(op[1])
        elif len(op) == 2:
            _at(doc, path[:-1])[path[-1]] = json_copy(op[1])
        else:
            del _at(doc, path[:-1])[path[-1]]
    return doc


def _at(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc
