"""Sheets (``pj``) and bestiary entries (``enemigo``) of the graded combat, kept in
``uow.system_sheets`` under the system ``graduado``: the rules' :class:`Ficha` (power,
reserves with maximum and spent, weapon and armour quality, an enemy's own base) plus the
visible wounds a Sobregiro left. The typed model checks every document in and out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.edge.context import Context
from bot.features.common import send
from bot.jsontypes import JsonObject
from bot.render.graduado import sheet_embed, sheet_list_embed
from bot.render.safe import shown
from bot.storage.system_sheets import SheetKind, StoredSheet
from umbral_rules import UmbralError
from umbral_rules.graduado import Ficha, RankNames, Reserva

from .options import SheetOptions
from .system import NAME

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

KIND_TITLES: dict[SheetKind, str] = {"pj": "Ficha graduada", "enemigo": "Bestiario graduado"}


@dataclass(frozen=True)
class GradSheet:
    """What a stored sheet of this system holds."""

    ficha: Ficha
    heridas: tuple[str, ...] = ()

    def to_dict(self) -> JsonObject:
        data: JsonObject = self.ficha.to_dict()
        data["heridas"] = list(self.heridas)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GradSheet:
        try:
            return cls(Ficha.from_dict(data), tuple(str(h) for h in data.get("heridas", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise UmbralError("Esta ficha graduada está dañada.") from exc


def build(nombre: str, o: SheetOptions, old: Ficha | None = None) -> Ficha:
    """A new :class:`Ficha` from the options (over ``old`` when editing); refused in Spanish
    when they do not make one."""
    fuerza = old.fuerza if old else None
    poder = o.poder if o.poder is not None else (fuerza.poder if fuerza else None)
    aguante = o.aguante if o.aguante is not None else (fuerza.maximo if fuerza else None)
    if poder is None or aguante is None:
        raise UmbralError("Una ficha graduada necesita `poder` y `aguante`.")
    gastado = (
        o.gastado_aguante if o.gastado_aguante is not None else (fuerza.gastado if fuerza else 0)
    )
    new_fuerza = Reserva(
        poder, aguante, min(gastado, aguante) if o.gastado_aguante is None else gastado
    )
    magia = old.magia if old else None
    if o.magia is not None or o.mana is not None or o.gastado_mana is not None:
        m_poder = o.magia if o.magia is not None else (magia.poder if magia else None)
        m_max = o.mana if o.mana is not None else (magia.maximo if magia else None)
        if m_poder is None or m_max is None:
            raise UmbralError("La magia necesita las dos cosas: `magia` (su poder) y `mana`.")
        m_gastado = (
            o.gastado_mana if o.gastado_mana is not None else (magia.gastado if magia else 0)
        )
        keep = o.gastado_mana is None
        magia = Reserva(m_poder, m_max, min(m_gastado, m_max) if keep else m_gastado)
    base = o.base if o.base is not None else (old.base if old else None)
    return Ficha(
        nombre=nombre,
        fuerza=new_fuerza,
        magia=magia,
        arma=o.arma if o.arma is not None else (old.arma if old else 0),
        armadura=o.armadura if o.armadura is not None else (old.armadura if old else 0),
        base=base,
        mundo=o.mundo if o.mundo is not None else (old.mundo if old else False),
    )


async def _gm(ctx: Context, uow: UnitOfWork) -> bool:
    """What the command declared (a GM-only one refuses anyone else), and whether the user
    is the GM."""
    settings = await uow.guild.get()
    ctx.require(settings.gm_role_id)
    return ctx.is_gm(settings.gm_role_id)


def _check_owner(ctx: Context, sheet: StoredSheet, gm: bool, what: str) -> None:
    if sheet.kind == "pj" and sheet.owner_id != ctx.user_id and not gm:
        raise UmbralError(f"Solo el dueño de la ficha o el máster pueden {what}.")


async def create(ctx: Context, kind: SheetKind, nombre: str, o: SheetOptions) -> None:
    guild_id, channel_id = ctx.ids()
    await ctx.interaction.response.defer(thinking=True)

    async def work(uow: UnitOfWork) -> GradSheet:
        await _gm(ctx, uow)
        sheet = GradSheet(build(nombre.strip(), o))
        stored = await uow.system_sheets.add(NAME, kind, ctx.user_id, nombre, sheet.to_dict())
        return GradSheet.from_dict(stored.data)

    made = await ctx.storage.run_in_channel(guild_id, channel_id, work)
    embed = sheet_embed(KIND_TITLES[kind], made.ficha, RankNames(), made.heridas)
    embed.set_footer(text="Creada.")
    await send(ctx.interaction, embed=embed)


async def edit(ctx: Context, kind: SheetKind, nombre: str, o: SheetOptions) -> None:
    guild_id, channel_id = ctx.ids()
    await ctx.interaction.response.defer(thinking=True)

    async def work(uow: UnitOfWork) -> GradSheet:
        stored = await uow.system_sheets.require(NAME, kind, nombre)
        _check_owner(ctx, stored, await _gm(ctx, uow), "editarla")
        old = GradSheet.from_dict(stored.data)
        if o == SheetOptions():
            raise UmbralError("No has dicho qué cambiar: no se ha hecho nada.")
        new = replace(old, ficha=build(stored.nombre, o, old.ficha))
        await uow.system_sheets.save(stored, new.to_dict())
        return new

    new = await ctx.storage.run_in_channel(guild_id, channel_id, work)
    embed = sheet_embed(KIND_TITLES[kind], new.ficha, RankNames(), new.heridas)
    embed.set_footer(text="Guardada.")
    await send(ctx.interaction, embed=embed)


async def show(ctx: Context, kind: SheetKind, nombre: str) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(thinking=True, ephemeral=True)
    async with ctx.storage.reading(guild_id) as uow:
        await _gm(ctx, uow)
        stored = await uow.system_sheets.require(NAME, kind, nombre)
    sheet = GradSheet.from_dict(stored.data)
    embed = sheet_embed(KIND_TITLES[kind], sheet.ficha, RankNames(), sheet.heridas)
    await send(ctx.interaction, embed=embed, ephemeral=True)


async def listing(ctx: Context, kind: SheetKind) -> None:
    guild_id = ctx.guild_id
    await ctx.interaction.response.defer(thinking=True, ephemeral=True)
    async with ctx.storage.reading(guild_id) as uow:
        await _gm(ctx, uow)
        rows = await uow.system_sheets.list(NAME, kind)
    shown_rows = [
        (GradSheet.from_dict(r.data).ficha, f" · de <@{r.owner_id}>" if kind == "pj" else "")
        for r in rows
    ]
    title = "Fichas graduadas" if kind == "pj" else "Bestiario graduado"
    await send(
        ctx.interaction, embed=sheet_list_embed(title, shown_rows, RankNames()), ephemeral=True
    )


async def remove(ctx: Context, kind: SheetKind, nombre: str) -> None:
    guild_id, channel_id = ctx.ids()
    await ctx.interaction.response.defer(thinking=True)

    async def work(uow: UnitOfWork) -> str:
        stored = await uow.system_sheets.require(NAME, kind, nombre)
        _check_owner(ctx, stored, await _gm(ctx, uow), "borrarla")
        await uow.system_sheets.remove(NAME, kind, stored.nombre)
        return stored.nombre

    gone = await ctx.storage.run_in_channel(guild_id, channel_id, work)
    await send(ctx.interaction, content=f"Borrada: «{shown(gone)}».")
