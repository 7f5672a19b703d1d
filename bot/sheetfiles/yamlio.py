"""YAML in (``SafeLoader`` only, aliases bounded, lines kept) and out (``safe_dump``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml

from . import limits as L
from .errors import FileRefused, Oversized

BOMB = (
    "el YAML usa demasiados alias (&ancla / *alias): como mucho {n}; "
    "un archivo así podría crecer sin límite al leerlo"
)


#: libyaml's loader when PyYAML has it (several times faster), else the pure-Python one.
#: Both are safe loaders: plain data only.
Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _BoundedLoader(Loader):  # type: ignore[misc,valid-type]
    """The loader, with integers of more than NUMBER_DIGITS_MAX digits kept as their text."""


def _integer(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> object:
    digits = str(node.value).lstrip("+-").replace("_", "")
    if len(digits) > L.NUMBER_DIGITS_MAX:
        return Oversized(node.value)
    return loader.construct_yaml_int(node)


_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _integer)
OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _check_events(text: str) -> None:
    """Depth and alias uses, from the event stream (no recursion), before composing."""
    loader = Loader(text)
    depth = aliases = 0
    try:
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call]
            if isinstance(event, OPEN):
                depth += 1
                if depth > L.MAX_DEPTH:
                    mark = event.start_mark
                    raise FileRefused(
                        f"el YAML anida demasiado hondo (más de {L.MAX_DEPTH} niveles)",
                        line=mark.line + 1 if mark is not None else None,
                    )
            elif isinstance(event, CLOSE):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > L.YAML_MAX_ALIASES:
                    raise FileRefused(BOMB.format(n=L.YAML_MAX_ALIASES))
    finally:
        loader.dispose()


def _check_tree(root: yaml.Node) -> None:
    """Expanded size (aliases counted as many times as they are used), depth, duplicate keys."""
    sizes: dict[int, int] = {}
    busy: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in busy:
            raise FileRefused("el YAML se contiene a sí mismo (un alias dentro de su ancla)")
        if depth > L.MAX_DEPTH:
            raise FileRefused(
                f"el YAML anida demasiado hondo (más de {L.MAX_DEPTH} niveles)",
                line=node.start_mark.line + 1,
            )
        busy.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            seen: set[object] = set()
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value != "<<":
                    if k.value in seen:
                        raise FileRefused(
                            f"la clave «{k.value}» aparece dos veces en la misma tabla",
                            line=k.start_mark.line + 1,
                        )
                    seen.add(k.value)
                total += size(k, depth + 1) + size(v, depth + 1)
        busy.discard(key)
        if total > L.YAML_MAX_NODES:
            raise FileRefused(BOMB.format(n=L.YAML_MAX_ALIASES))
        sizes[key] = total
        return total

    size(root, 0)


class YamlLines:
    """The line of a value, following a pydantic-style path through the composed nodes."""

    def __init__(self, root: yaml.Node | None) -> None:
        self.root = root

    def line(self, loc: Sequence[str | int]) -> int | None:
        node = self.root
        if node is None:
            return None
        found = node.start_mark.line + 1
        for part in loc:
            child = _child(node, part)
            if child is None:
                break
            node = child
            found = node.start_mark.line + 1
        return found


def _child(node: yaml.Node, part: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        return node.value[part] if 0 <= part < len(node.value) else None
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                return v  # type: ignore[no-any-return]
    return None


def load(text: str) -> tuple[Any, YamlLines]:
    """The document's data, and where each value is."""
    try:
        _check_events(text)
        loader = _BoundedLoader(text)
        try:
            root = loader.get_single_node()
            if root is None:
                return None, YamlLines(None)
            _check_tree(root)
            data = loader.construct_document(root)
        finally:
            loader.dispose()
    except yaml.constructor.ConstructorError as error:
        line = error.problem_mark.line + 1 if error.problem_mark is not None else None
        raise FileRefused(
            "el YAML usa una etiqueta (!!…) que no se admite: solo datos simples", line=line
        ) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        raise FileRefused("el YAML está mal formado", line=line) from None
    except yaml.YAMLError:
        raise FileRefused("el YAML está mal formado") from None
    except RecursionError:
        raise FileRefused(f"el YAML anida demasiado hondo (más de {L.MAX_DEPTH} niveles)") from None
    return data, YamlLines(root)


def dump(data: Any, header: str = "") -> str:
    body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
    return header + body
