"""Request bodies checked as Discord checks them: against Discord's own schema
(``discord_schema.json``, extracted by ``tools/extract_discord_schema.py``) with a JSON Schema
validator, then against what the schema cannot say (:mod:`.limits`). A violation is the JSON
Discord answers: code 50035 with the path of each bad field in ``errors``.

Two validators of the same schema: ``jsonschema-rs`` (native) says whether a body is valid,
about a hundred times faster than ``jsonschema`` (three or four bodies a command: with the
slow one alone, most of the console's cost in a benchmark of the bot). Only a body
it refuses goes to ``jsonschema``, whose errors say which fields and why. With
:data:`CROSS_CHECK` (the test suite sets it) every body goes through both, ``jsonschema``'s
answer stands and any disagreement is noted in :data:`DISAGREEMENTS` (a failing test), so the
fast answer is never a leniency the words would not have."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema.exceptions import ValidationError, best_match

from bot.console import limits

INVALID_FORM_BODY = 50035
CODES = {
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "required": "BASE_TYPE_REQUIRED",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
    "type": "BASE_TYPE_BAD",
    "enum": "BASE_TYPE_CHOICES",
}


@cache
def schema() -> dict[str, Any]:
    text = resources.files("bot.console").joinpath("discord_schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _pattern(template: str) -> re.Pattern[str]:
    parts = ["[^/]+" if part.startswith("{") else re.escape(part) for part in template.split("/")]
    return re.compile("/".join(parts) + "$")


@cache
def _routes() -> list[tuple[str, str, re.Pattern[str], int]]:
    found = []
    for key in [*schema()["routes"], *schema()["bodiless"]]:
        method, template = key.split(" ", 1)
        literal = sum(1 for p in template.split("/") if p and not p.startswith("{"))
        found.append((key, method, _pattern(template), literal))
    return found


def route_key(method: str, path: str) -> str | None:
    """``"PATCH /webhooks/1/t/messages/@original"`` → the schema's key for it (the most
    literal template that matches), or ``None`` for a route the schema file does not hold."""
    best: tuple[int, str] | None = None
    for key, verb, pattern, literal in _routes():
        if verb == method and pattern.match(path) and (best is None or literal > best[0]):
            best = (literal, key)
    return best[1] if best else None


#: Validate every body with both validators and note any disagreement (the tests do).
CROSS_CHECK = False
DISAGREEMENTS: list[str] = []


def _root(target: str) -> dict[str, Any]:
    """The schema to validate against: a ``#/$defs/…`` reference, or the route ``target``'s
    own schema when Discord's file writes it in the route (not a named component)."""
    base = {"$schema": schema()["$schema"], "$defs": schema()["$defs"]}
    if target.startswith("#/"):
        return {**base, "$ref": target}
    return {**base, **schema()["routes"][target]}


@cache
def _validator(target: str) -> jsonschema.protocols.Validator:
    root = _root(target)
    cls = jsonschema.validators.validator_for(root)
    return cls(root)


@cache
def _fast(target: str) -> jsonschema_rs.Draft202012Validator:
    # formats are annotations in 2020-12, as jsonschema treats them without a format checker
    return jsonschema_rs.Draft202012Validator(_root(target), validate_formats=False)


def _mismatch(error: ValidationError) -> bool:
    """A union branch the value was not meant for: the wrong JSON type, or another ``type``."""
    where = list(error.relative_path)
    return (error.validator == "type" and not where) or (
        error.validator in ("enum", "const") and where == ["type"]
    )


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The errors inside a ``oneOf``/``anyOf`` that name fields: those of the branch the
    value was meant for (``null`` or a button rather than a select menu…), fewest first."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [b for b in branches.values() if not any(_mismatch(e) for e in b)]
    if not meant:
        return _leaves(best_match(error.context))
    found = [[leaf for e in branch for leaf in _leaves(e)] for branch in meant]
    return min(found, key=len)


def _problem(error: ValidationError) -> limits.Problem:
    path: tuple[str | int, ...] = tuple(error.absolute_path)
    kind = str(error.validator)
    if kind in ("maxLength", "maxItems"):
        return path, CODES[kind], f"Must be {error.validator_value} or fewer in length."
    if kind in ("minLength", "minItems"):
        return path, CODES[kind], f"Must be {error.validator_value} or more in length."
    if kind == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        return (*path, *missing[:1]), CODES[kind], "This field is required"
    return path, CODES.get(kind, "BASE_TYPE_BAD"), error.message[:200]


def schema_problems(ref: str, body: Any) -> list[limits.Problem]:
    valid = _fast(ref).is_valid(body)
    if valid and not CROSS_CHECK:
        return []
    validator = _validator(ref)
    if CROSS_CHECK and validator.is_valid(body) != valid:
        DISAGREEMENTS.append(f"jsonschema-rs says {valid} on {ref}: {body!r}"[:2000])
        valid = not valid
    if valid:
        return []
    return [_problem(leaf) for e in validator.iter_errors(body) for leaf in _leaves(e)]


def problems(key: str, body: Any, branch: int | None = None) -> list[limits.Problem]:
    """Everything wrong with ``body`` for the route ``key`` (see :func:`route_key`), each
    bad field once. ``branch``: for a union, the value of the field that picks the member
    when the body does not say it (a scheduled event's patch keeps the event's type)."""
    found = _problems(key, body, branch)
    return [p for i, p in enumerate(found) if p[:2] not in {q[:2] for q in found[:i]}]


def _problems(key: str, body: Any, branch: int | None) -> list[limits.Problem]:
    route = schema()["routes"].get(key)
    if route is None:
        return []
    extra: limits.Check = limits.ROUTE_LIMITS.get(key, limits.message_problems)
    if "branches" in route:  # a union: the member its field names, so errors name fields
        field = str(route["by"])
        value = body.get(field)
        ref = route["branches"].get(str(branch if value is None else value))
        if ref is None:
            return [((field,), "BASE_TYPE_CHOICES", f"Value must be one of {route['branches']}.")]
        found = schema_problems(ref, body)
        data = body.get("data")
        if field == "type" and isinstance(data, Mapping):  # an interaction callback
            found += limits.callback_problems(int(body["type"]), data)
        elif field != "type":
            found += extra(body)
        return found
    return schema_problems(route.get("$ref", key), body) + extra(body)


def error_body(found: Iterable[limits.Problem]) -> dict[str, Any]:
    """Discord's answer: ``{"code": 50035, "message": …, "errors": {path…: {"_errors": […]}}}``."""
    errors: dict[str, Any] = {}
    for path, code, message in found:
        node = errors
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return {"code": INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": errors}
