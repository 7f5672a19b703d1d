"""JSON in (depth bounded, duplicate keys refused, the position of every value kept) and out."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from json import decoder as json_decoder
from json import scanner as json_scanner
from typing import Any

from . import limits as L
from .errors import FileRefused, number

Scan = Callable[[str, int], tuple[Any, int]]


def _max_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of ``[``/``{`` outside strings, and where it first passes the limit."""
    depth = deepest = 0
    in_string = escaped = False
    for at, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if depth > L.MAX_DEPTH:
                return depth, at
        elif ch in "]}":
            depth -= 1
    return deepest, -1


class _Duplicate(Exception):
    def __init__(self, key: str, at: int) -> None:
        self.key, self.at = key, at


class _PositionDecoder(json.JSONDecoder):
    """The pure-Python scanner, recording where each object's and array's values start."""

    def __init__(self) -> None:
        super().__init__(parse_int=number)  # a number too long for any field is not converted
        self.spots: dict[int, tuple[int, dict[Any, int] | list[int]]] = {}
        self.parse_object = self._object
        self.parse_array = self._array
        self.scan_once = json_scanner.py_make_scanner(self)  # type: ignore[attr-defined]

    def _object(
        self,
        s_and_end: tuple[str, int],
        strict: bool,
        scan_once: Scan,
        object_hook: Any,
        object_pairs_hook: Any,
        memo: dict[str, str] | None = None,
    ) -> tuple[dict[str, Any], int]:
        starts: list[int] = []

        def recording(string: str, idx: int) -> tuple[Any, int]:
            starts.append(idx)
            return scan_once(string, idx)

        def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
            obj: dict[str, Any] = {}
            where: dict[Any, int] = {}
            for (key, value), at in zip(pairs, starts, strict=False):
                if key in obj:
                    raise _Duplicate(key, at)
                obj[key] = value
                where[key] = at
            self.spots[id(obj)] = (s_and_end[1] - 1, where)
            return obj

        result: tuple[dict[str, Any], int] = json_decoder.JSONObject(  # type: ignore[attr-defined]
            s_and_end, strict, recording, None, pairs_hook, memo
        )
        return result

    def _array(self, s_and_end: tuple[str, int], scan_once: Scan) -> tuple[list[Any], int]:
        starts: list[int] = []

        def recording(string: str, idx: int) -> tuple[Any, int]:
            starts.append(idx)
            return scan_once(string, idx)

        values, end = json_decoder.JSONArray(s_and_end, recording)  # type: ignore[attr-defined]
        self.spots[id(values)] = (s_and_end[1] - 1, starts)
        return values, end


class JsonLines:
    """The line of a value, following a pydantic-style path through the decoded data."""

    def __init__(self, text: str, data: Any, spots: dict[int, tuple[int, Any]]) -> None:
        self.text, self.data, self.spots = text, data, spots

    def _line(self, at: int) -> int:
        return self.text.count("\n", 0, at) + 1

    def line(self, loc: Sequence[str | int]) -> int | None:
        node = self.data
        spot = self.spots.get(id(node))
        if spot is None:
            return None
        found = self._line(spot[0])
        for part in loc:
            spot = self.spots.get(id(node))
            if spot is None:
                break
            starts = spot[1]
            try:
                at = starts[part]
                node = node[part]
            except (KeyError, IndexError, TypeError):
                break
            found = self._line(at)
        return found


def load(text: str) -> tuple[Any, JsonLines]:
    deepest, at = _max_depth(text)
    if deepest > L.MAX_DEPTH:
        line = text.count("\n", 0, at) + 1
        raise FileRefused(
            f"el JSON anida demasiado hondo (más de {L.MAX_DEPTH} niveles)", line=line
        )
    decoder = _PositionDecoder()
    try:
        data = decoder.decode(text)
    except json.JSONDecodeError as error:
        raise FileRefused(
            f"el JSON está mal formado (columna {error.colno})", line=error.lineno
        ) from None
    except _Duplicate as dup:
        raise FileRefused(
            f"la clave «{dup.key}» aparece dos veces en el mismo objeto",
            line=text.count("\n", 0, dup.at) + 1,
        ) from None
    except RecursionError:
        raise FileRefused(f"el JSON anida demasiado hondo (más de {L.MAX_DEPTH} niveles)") from None
    return data, JsonLines(text, data, decoder.spots)


def dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
