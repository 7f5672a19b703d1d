"""A command whose options are a kind's fields: ``/bestiario añadir`` (an enemy's), ``/hielo
ficha crear|editar`` and the other games' sheet and bestiary commands. Its options, their
descriptions and displayed names, its form's pages and required fields, its extras, all
read from the kind's field list (:mod:`bot.sheetfiles.fields`), and the values typed read
back as the kind's typed value (:class:`OptionsValue`) or as an entry's fields (:func:`typed`).

The options come in the list's order, the essential ones first and then the extras, each
typed as its field (a whole number, a text, a yes/no, one of a ``Literal``'s choices, a list
typed as text separated by commas) with the range its :class:`~bot.sheetfiles.fields.Option`
declares. One kind may be taken by several commands: each names its ``verb`` (``crear``,
``editar``) and its ``kind`` (``pj``, ``enemigo``), and takes the fields declared for them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Optional, Self, TypeVar, get_origin

from discord import app_commands
from pydantic import BaseModel, ConfigDict

from bot.features.forms import FirstPageCheck, FormSpec
from bot.sheetfiles.fields import Option, base_type, options
from umbral_rules import UmbralError
from umbral_rules.text import clean_name

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Taken:
    """Which kind's fields a command takes, as which verb and for which kind."""

    model: type[BaseModel]
    verb: str | None = None
    kind: str | None = None


class OptionsValue(BaseModel):
    """The typed value of a command's options (``None``: not given): a game's
    ``SheetOptions``. Its fields, with their :class:`Option`, are the commands' options."""

    model_config = ConfigDict(frozen=True)

    @classmethod
    def of(cls, given: Mapping[str, object]) -> Self:
        """The value of the options ``given`` (by name; one not given or ``None`` takes its
        field's default). Discord and the form checked each value against its option."""
        values: dict[str, Any] = {n: given[n] for n in cls.model_fields if given.get(n) is not None}
        return cls.model_construct(**values)


def _taken(model: type[BaseModel], verb: str | None, kind: str | None) -> dict[str, Option]:
    return {n: o for n, o in options(model).items() if o.taken(verb, kind)}


def option_names(
    model: type[BaseModel], verb: str | None = None, kind: str | None = None
) -> tuple[str, ...]:
    """The command's options: the essential ones, then the extras, each in the list's order."""
    found = _taken(model, verb, kind)
    plain = [name for name, option in found.items() if not option.extra]
    return (*plain, *extras(model, verb, kind))


def extras(
    model: type[BaseModel], verb: str | None = None, kind: str | None = None
) -> tuple[str, ...]:
    """The command's options beyond its essential ones (its «extras» variant)."""
    return tuple(name for name, option in _taken(model, verb, kind).items() if option.extra)


def descriptions(
    model: type[BaseModel], verb: str | None = None, kind: str | None = None
) -> dict[str, str]:
    """Each option's description, for ``app_commands.describe``."""
    return {n: o.description_in(verb) for n, o in _taken(model, verb, kind).items()}


def renames(
    model: type[BaseModel], verb: str | None = None, kind: str | None = None
) -> dict[str, str]:
    """The options Discord shows by another name, for ``app_commands.rename``."""
    return {n: o.display for n, o in _taken(model, verb, kind).items() if o.display}


def pages(
    model: type[BaseModel],
    verb: str | None = None,
    kind: str | None = None,
    lead: tuple[str, ...] = (),
) -> tuple[tuple[str, ...], ...]:
    """The form's pages: the options of each page, in the list's order (or their ``place``),
    the command's own ``lead`` options first."""
    found = {n: o for n, o in _taken(model, verb, kind).items() if o.page is not None}
    numbers = sorted({option.page for option in found.values() if option.page is not None})
    ordered = sorted(found, key=lambda name: found[name].place)  # (a stable sort)
    paged = [tuple(n for n in ordered if found[n].page == number) for number in numbers]
    return tuple(((*lead, *page) if i == 0 else page) for i, page in enumerate(paged))


def required(
    model: type[BaseModel], verb: str | None = None, kind: str | None = None
) -> tuple[str, ...]:
    """The options the value cannot do without, in order: its fields with no default, and
    those its option says ``verb`` needs."""
    found = _taken(model, verb, kind)
    return tuple(
        name
        for name in option_names(model, verb, kind)
        if model.model_fields[name].is_required() or verb in found[name].needed
    )


def form_spec(
    model: type[BaseModel],
    title: str,
    *,
    verb: str | None = None,
    kind: str | None = None,
    lead: tuple[str, ...] = (),
    first_page: FirstPageCheck | None = None,
) -> FormSpec:
    """The form of the command of ``verb`` for ``kind`` (its ``lead`` options, the command's
    own such as the name, first and required)."""
    labels = {n: o.form_label for n, o in _taken(model, verb, kind).items() if o.form_label}
    return FormSpec(
        title,
        pages(model, verb, kind, lead),
        frozenset((*lead, *required(model, verb, kind))),
        labels,
        first_page=first_page,
    )


def _annotation(model: type[BaseModel], name: str, option: Option) -> object:
    kind = base_type(model, name)
    if option.low is not None and option.high is not None:
        return app_commands.Range[int if kind is int else str, option.low, option.high]
    if kind in (str, bool) or get_origin(kind) is Literal:
        return kind
    raise TypeError(f"the option {name} declares no range and no type of its own")


def takes_options(
    model: type[BaseModel],
    own: Mapping[str, object] | None = None,
    *,
    verb: str | None = None,
    kind: str | None = None,
    form: bool = False,
) -> Callable[[F], F]:
    """Give a command's body ``(self, ctx, [its own options,] **options)`` the kind's options
    after its own, with their descriptions and displayed names: each optional (``None`` when
    not given) unless ``verb`` needs it and the command has no ``form`` (a command with a
    form opens it when typed without options, so none is required there). ``own``: an
    option's type when the field's own is not one (the size's choices)."""

    def decorate(body: F) -> F:
        found = options(model)
        signature = inspect.signature(body, eval_str=True)
        params = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
        needed = () if form else required(model, verb, kind)
        for name in option_names(model, verb, kind):
            annotation = (own or {}).get(name) or _annotation(model, name, found[name])
            if name in needed:
                param = inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY)
                params.append(param.replace(annotation=annotation))
                continue
            params.append(
                inspect.Parameter(
                    name,
                    inspect.Parameter.KEYWORD_ONLY,
                    default=None,
                    annotation=Optional[annotation],  # noqa: UP045 (a type built at runtime)
                )
            )
        body.__signature__ = inspect.Signature(params, return_annotation=None)  # type: ignore[attr-defined]
        body.__field_options__ = Taken(model, verb, kind)  # type: ignore[attr-defined]
        app_commands.describe(**descriptions(model, verb, kind))(body)
        if renamed := renames(model, verb, kind):
            app_commands.rename(**renamed)(body)
        return body

    return decorate


def taken_by(command: app_commands.Command[Any, ..., Any]) -> Taken | None:
    """The kind whose fields ``command`` takes (``None``: it takes none by
    :func:`takes_options`)."""
    found = getattr(command.callback, "__field_options__", None)
    return found if isinstance(found, Taken) else None


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
