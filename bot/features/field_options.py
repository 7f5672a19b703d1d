"""A command whose options are a stored kind's fields (``/bestiario añadir``): its options,
their descriptions, its form's pages and its extras, all read from the kind's field list
(:mod:`bot.sheetfiles.fields`), and the values typed read back as the entry's fields.

The options come in the list's order, the essential ones first and then the extras, each
typed as its field (a whole number, a text, a list typed as text separated by commas) with
the range its :class:`~bot.sheetfiles.fields.Option` declares.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Optional, TypeVar

from discord import app_commands
from pydantic import BaseModel

from bot.sheetfiles.fields import Option, base_type, options
from umbral_rules import UmbralError
from umbral_rules.text import clean_name

F = TypeVar("F", bound=Callable[..., Any])


def option_names(model: type[BaseModel]) -> tuple[str, ...]:
    """The command's options: the essential ones, then the extras, each in the list's order."""
    found = options(model)
    plain = [name for name, option in found.items() if not option.extra]
    return (*plain, *extras(model))


def extras(model: type[BaseModel]) -> tuple[str, ...]:
    """The command's options beyond its essential ones (its «extras» variant)."""
    return tuple(name for name, option in options(model).items() if option.extra)


def descriptions(model: type[BaseModel]) -> dict[str, str]:
    """Each option's description, for ``app_commands.describe``."""
    return {name: option.description for name, option in options(model).items()}


def pages(model: type[BaseModel]) -> tuple[tuple[str, ...], ...]:
    """The form's pages: the options of each page, in the list's order."""
    found = options(model)
    numbers = sorted({option.page for option in found.values()})
    return tuple(
        tuple(name for name, option in found.items() if option.page == number) for number in numbers
    )


def required(model: type[BaseModel]) -> tuple[str, ...]:
    """The options the entry cannot do without (its fields with no default), in order."""
    return tuple(name for name in option_names(model) if model.model_fields[name].is_required())


def _annotation(model: type[BaseModel], name: str, option: Option) -> object:
    kind = int if base_type(model, name) is int else str
    if option.low is None or option.high is None:
        raise TypeError(f"the option {name} declares no range and no type of its own")
    return app_commands.Range[kind, option.low, option.high]


def takes_options(
    model: type[BaseModel], own: Mapping[str, object] | None = None
) -> Callable[[F], F]:
    """Give a command's body ``(self, ctx, **options)`` the kind's options as its signature
    (each optional, ``None`` when not given); ``own``: an option's type when the field's own
    is not one (the size's choices)."""

    def decorate(body: F) -> F:
        found = options(model)
        params = list(inspect.signature(body).parameters.values())[:2]
        for name in option_names(model):
            annotation = (own or {}).get(name) or _annotation(model, name, found[name])
            params.append(
                inspect.Parameter(
                    name,
                    inspect.Parameter.KEYWORD_ONLY,
                    default=None,
                    annotation=Optional[annotation],  # noqa: UP045 (a type built at runtime)
                )
            )
        body.__signature__ = inspect.Signature(params, return_annotation=None)  # type: ignore[attr-defined]
        return body

    return decorate


def listed(text: str | None, keys: Callable[[Iterable[str]], list[str]]) -> list[str]:
    """A comma-separated option as keys (a Spanish error for an unknown one)."""
    values = [v.strip() for v in (text or "").replace(";", ",").split(",") if v.strip()]
    try:
        return keys(values)
    except ValueError as exc:
        raise UmbralError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None


def typed(
    model: type[BaseModel], given: Mapping[str, object], names: Iterable[str]
) -> dict[str, Any]:
    """The values of the options ``names`` as the entry's fields: a list typed as text as its
    keys, a name cleaned, an option not given as the field's default."""
    found = options(model)
    values: dict[str, Any] = {}
    for name in names:
        option, value = found[name], given.get(name)
        default = model.model_fields[name].get_default(call_default_factory=True)
        if option.keys is not None:
            values[name] = listed(None if value is None else str(value), option.keys)
        elif option.label is not None:
            values[name] = clean_name(str(value or default), option.label)
        else:
            values[name] = default if value is None else value
    return values
